/**
 * How a 2xx body becomes data. The rule, the same for every reader (here, or in a worker):
 *   - an empty body is data only where the operation's schema takes none, else "empty";
 *   - a body that is not JSON is "truncated" when it starts like JSON (cut off mid-answer), else
 *     "not-json" (an HTML page from a proxy);
 *   - with a cut (the top-level record fields the asks need), each plain-object item of the
 *     envelope's `companies` array keeps only its own keys among them, and the answer says so; any
 *     other item, and every other key of the envelope, stays as sent, so the schema still reports a
 *     malformed record as it would without the cut.
 * Readers differ only in where the work runs; error bodies (non-2xx) never come here.
 */
import type { UnreadableBody } from "./errors";

export type ReadBody = { json: unknown; cut?: ReadonlySet<string> } | { unreadable: UnreadableBody };

/** A request a reader may send itself (`BodyReader.send`): what sendOnce would fetch, and how to read it. */
export interface SendSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  cut: readonly string[];
  emptyIsData: boolean;
  /** The request's own time-out: a reader holding it longer than this (and a margin) is stuck. */
  timeoutMs: number;
  signal: AbortSignal;
}

/** The answer to a sent request: its 2xx body read, or any other status's body as text. */
export interface SentAnswer {
  status: number;
  statusText: string;
  headers: [string, string][];
  read?: ReadBody;
  text?: string;
}

export interface BodyReader {
  read(response: Response, cut: readonly string[] | undefined, emptyIsData: boolean): Promise<ReadBody>;
  /**
   * Sends a cut request with the platform's fetch and reads its answer where this reader reads, so
   * the calling thread never receives the body at all; undefined when it cannot now (the caller
   * then fetches and reads as usual). Rejects as a failed fetch would.
   */
  send?(request: SendSpec): Promise<SentAnswer> | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function cutRecord(record: Record<string, unknown>, cut: readonly string[]): Record<string, unknown> {
  // fromEntries defines own properties, so a key named "__proto__" stays a key, as JSON.parse made it.
  return Object.fromEntries(
    cut.filter((key) => Object.prototype.hasOwnProperty.call(record, key)).map((key) => [key, record[key]]),
  );
}

export function parseAndCut(text: string, cut: readonly string[] | undefined, emptyIsData: boolean): ReadBody {
  const trimmed = text.trim();
  if (trimmed === "") return emptyIsData ? { json: undefined } : { unreadable: "empty" };
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    const looksLikeJson = trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed.startsWith('"');
    return { unreadable: looksLikeJson ? "truncated" : "not-json" };
  }
  if (cut === undefined || !isPlainObject(json) || !Array.isArray(json.companies)) return { json };
  const companies = json.companies.map((item: unknown) => (isPlainObject(item) ? cutRecord(item, cut) : item));
  return { json: { ...json, companies }, cut: new Set(cut) };
}

/** `parseAndCut` of a body's bytes, decoded as `response.text()` decodes them. */
export function readBytes(bytes: Uint8Array, cut: readonly string[] | undefined, emptyIsData: boolean): ReadBody {
  return parseAndCut(new TextDecoder().decode(bytes), cut, emptyIsData);
}

/** Reads on the calling thread: the default, and the fallback of every other reader. */
export const inlineBodyReader: BodyReader = {
  async read(response, cut, emptyIsData) {
    if (cut !== undefined) return readBytes(new Uint8Array(await response.arrayBuffer()), cut, emptyIsData);
    return parseAndCut(await response.text(), cut, emptyIsData);
  },
};
