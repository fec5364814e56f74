/**
 * Reply bodies that hold JSON already serialised (a page of cached company records), so the server
 * can send a page as a join of cached strings, written piece by piece, instead of building and
 * stringifying one object graph of 10+ MB per request.
 */

/** JSON text in pieces (text, or its UTF-8 bytes), with its UTF-8 length (the Content-Length of a body made of it). */
export interface JsonPieces {
  pieces: (string | Buffer)[];
  bytes: number;
}

/** The whole text of a body in pieces (for the faults that rewrite or cut a body). */
export function joinPieces(pieces: readonly (string | Buffer)[]): string {
  return pieces.map((piece) => (typeof piece === "string" ? piece : piece.toString("utf8"))).join("");
}

/**
 * A value inside a reply body whose JSON text is already known. It has no toJSON on purpose:
 * JSON.stringify would call it before serialiseBody's replacer sees the value, and build the
 * whole text it exists to avoid; bodies holding one go through serialiseBody.
 */
export abstract class EmbeddedJson {
  abstract pieces(): JsonPieces;
}

// U+0000 is escaped by JSON.stringify, and no sandbox string holds it, so the marker cannot collide.
const MARK = "\u0000embedded\u0000";
const MARK_JSON = JSON.stringify(MARK);

/** The JSON of a body as pieces: plain values stringified once, embedded values spliced in. */
export function serialiseBody(body: unknown): JsonPieces {
  const embedded: EmbeddedJson[] = [];
  const text = JSON.stringify(body, function (this: Record<string, unknown>, key: string, value: unknown) {
    // `this[key]`, not `value`: the holder's own value, before any toJSON of it ran.
    const own = this[key];
    if (own instanceof EmbeddedJson) {
      embedded.push(own);
      return MARK;
    }
    return value;
  }) as string | undefined;
  if (text === undefined) return { pieces: [], bytes: 0 };
  if (embedded.length === 0) return { pieces: [text], bytes: Buffer.byteLength(text) };
  const pieces: (string | Buffer)[] = [];
  let bytes = 0;
  let from = 0;
  for (const value of embedded) {
    const at = text.indexOf(MARK_JSON, from);
    const before = text.slice(from, at);
    pieces.push(before);
    bytes += Buffer.byteLength(before);
    const inner = value.pieces();
    for (const piece of inner.pieces) pieces.push(piece);
    bytes += inner.bytes;
    from = at + MARK_JSON.length;
  }
  const rest = text.slice(from);
  pieces.push(rest);
  return { pieces, bytes: bytes + Buffer.byteLength(rest) };
}
