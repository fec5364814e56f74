/**
 * Reads a list answer's records cut to a few fields without building what the cut drops. A page of
 * whole records is megabytes of nested objects, of which a recalculation reads a handful of
 * top-level fields: JSON.parse would build every object only for the cut to drop it. This walks the
 * bytes once, checking them as strictly as JSON.parse does, copies out only what is kept (each
 * envelope member as sent, each `companies` item that is not an object as sent, and of each object
 * item the members the cut names), and parses that small text with JSON.parse. So every kept value,
 * escape, duplicate key and `__proto__` member reads exactly as JSON.parse reads it; a record's kept
 * fields come in the cut's order, as `parseAndCut` gives them.
 *
 * The rule: it answers only for a body that is one JSON object from its first byte to its last
 * (after a byte-order mark, and JSON's own whitespace), and undefined for anything else, so the
 * full parse decides every other case (truncated, not JSON, an array, a body `trim()` would accept).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Thrown inside the scan at anything JSON.parse would refuse; caught at the top. */
class Refused extends Error {}
const REFUSED = new Refused("not a JSON object this scan reads");

const encoder = new TextEncoder();
const COMPANIES = encoder.encode("companies");
const TRUE = encoder.encode("true");
const FALSE = encoder.encode("false");
const NULL = encoder.encode("null");

/** `\" \\ \/ \b \f \n \r \t` (and `\u`, checked apart). */
const SIMPLE_ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPES[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of "0123456789abcdefABCDEF") HEX[c.charCodeAt(0)] = 1;

/** JSON's whitespace: space, tab, line feed, carriage return. */
const WS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

/** Bytes that stand for themselves in a string: all but the quote, the backslash and control characters. */
const PLAIN = new Uint8Array(256);
for (let c = 0x20; c < 256; c++) PLAIN[c] = c === QUOTE || c === BACKSLASH ? 0 : 1;

class CutScanner {
  private i = 0;
  private out: Uint8Array;
  private at = 0;
  /** Per cut field, the last member of that name in the record: its key's start, its value's end. */
  private readonly kept: Int32Array;
  private readonly wanted: readonly Uint8Array[];

  /** The body and a 0 after it, which ends every loop of the scan (see `padded`). */
  private readonly b: Uint8Array;
  private readonly end: number;

  constructor(
    body: Uint8Array,
    private readonly cut: readonly string[],
  ) {
    this.b = padded(body);
    this.end = body.length;
    this.wanted = cut.map((name) => encoder.encode(JSON.stringify(name).slice(1, -1)));
    this.kept = new Int32Array(cut.length * 2);
    this.out = new Uint8Array(Math.min(body.length, 64 * 1024) + 16);
  }

  /** The kept text, or REFUSED thrown. */
  scan(): Uint8Array {
    const b = this.b;
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.i = 3;
    this.ws();
    if (b[this.i] !== OPEN_OBJECT) throw REFUSED;
    this.envelope();
    this.ws();
    if (this.i !== this.end) throw REFUSED;
    return this.out.subarray(0, this.at);
  }

  /**
   * The envelope or the `companies` list: from its opening byte to past `close`, each element read
   * by `element` (which copies out what it keeps), the brackets and commas copied out around them.
   */
  private copiedElements(close: number, element: () => void): void {
    this.put(this.b[this.i++]!);
    this.ws();
    if (this.b[this.i] === close) this.i++;
    else
      for (let first = true; ; first = false) {
        if (!first) this.put(COMMA);
        element();
        if (this.next(close)) break;
      }
    this.put(close);
  }

  private envelope(): void {
    this.copiedElements(CLOSE_OBJECT, () => {
      const keyStart = this.i;
      const escaped = this.string();
      const keyEnd = this.i;
      this.copy(keyStart, keyEnd);
      this.put(COLON);
      this.colon();
      const valueStart = this.i;
      if (this.b[valueStart] === OPEN_ARRAY && this.isCompanies(keyStart, keyEnd, escaped))
        this.copiedElements(CLOSE_ARRAY, () => this.item());
      else this.copiedValue();
    });
  }

  /** A `companies` item: a record cut, anything else as sent. */
  private item(): void {
    if (this.b[this.i] === OPEN_OBJECT) this.record();
    else this.copiedValue();
  }

  private copiedValue(): void {
    const start = this.i;
    this.value();
    this.copy(start, this.i);
  }

  /** An object item: its members read, and the cut's kept, the last of each name as JSON.parse keeps it. */
  private record(): void {
    const { b, kept } = this;
    kept.fill(-1);
    this.i++;
    this.ws();
    if (b[this.i] === CLOSE_OBJECT) this.i++;
    else
      for (;;) {
        const keyStart = this.i;
        const escaped = this.string();
        const keyEnd = this.i;
        this.colon();
        this.value();
        const k = this.wantedIndex(keyStart, keyEnd, escaped);
        if (k >= 0) {
          kept[k * 2] = keyStart;
          kept[k * 2 + 1] = this.i;
        }
        if (this.next(CLOSE_OBJECT)) break;
      }
    this.put(OPEN_OBJECT);
    let first = true;
    for (let k = 0; k < this.cut.length; k++) {
      const keyStart = kept[k * 2]!;
      if (keyStart < 0) continue;
      if (!first) this.put(COMMA);
      first = false;
      // From the key to the end of its value: the key, any whitespace, the colon and the value, as sent.
      this.copy(keyStart, kept[k * 2 + 1]!);
    }
    this.put(CLOSE_OBJECT);
  }

  private wantedIndex(keyStart: number, keyEnd: number, escaped: boolean): number {
    if (escaped) return this.cut.indexOf(this.keyName(keyStart, keyEnd));
    for (let k = 0; k < this.wanted.length; k++) if (this.keyIs(keyStart, keyEnd, this.wanted[k]!)) return k;
    return -1;
  }

  private isCompanies(keyStart: number, keyEnd: number, escaped: boolean): boolean {
    if (escaped) return this.keyName(keyStart, keyEnd) === "companies";
    return this.keyIs(keyStart, keyEnd, COMPANIES);
  }

  /** Whether the key between its quotes is `word`, byte for byte. */
  private keyIs(keyStart: number, keyEnd: number, word: Uint8Array): boolean {
    if (keyEnd - keyStart - 2 !== word.length) return false;
    for (let j = 0; j < word.length; j++) if (this.b[keyStart + 1 + j] !== word[j]) return false;
    return true;
  }

  /** A key written with escapes, as JSON.parse reads it. */
  private keyName(keyStart: number, keyEnd: number): string {
    return JSON.parse(new TextDecoder().decode(this.b.subarray(keyStart, keyEnd))) as string;
  }

  // ---- checking, building nothing ----

  private ws(): void {
    this.i = skipWs(this.b, this.i);
  }

  /** Whitespace, a colon, whitespace. */
  private colon(): void {
    this.i = skipColon(this.b, this.i);
  }

  /** After a member or an item: true at the closing byte (consumed), false at a comma (consumed). */
  private next(close: number): boolean {
    this.ws();
    const c = this.b[this.i++];
    if (c === close) return true;
    if (c !== COMMA) throw REFUSED;
    this.ws();
    return false;
  }

  /** Past one value (see `skipValue`). */
  private value(): void {
    this.i = skipValue(this.b, this.i);
  }

  /** Past a string that starts here; true when it holds an escape. */
  private string(): boolean {
    const b = this.b;
    const start = this.i;
    if (b[start] !== QUOTE) throw REFUSED;
    const end = skipString(b, start);
    this.i = end;
    for (let i = start + 1; i < end - 1; i++) if (b[i] === BACKSLASH) return true;
    return false;
  }

  // ---- the kept text ----

  private put(byte: number): void {
    if (this.at === this.out.length) this.grow(1);
    this.out[this.at++] = byte;
  }

  private copy(start: number, end: number): void {
    const n = end - start;
    if (this.at + n > this.out.length) this.grow(n);
    this.out.set(this.b.subarray(start, end), this.at);
    this.at += n;
  }

  private grow(atLeast: number): void {
    const grown = new Uint8Array(Math.max(this.out.length * 2, this.at + atLeast));
    grown.set(this.out.subarray(0, this.at));
    this.out = grown;
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

const IN_OBJECT = 1;
const IN_ARRAY = 2;
/** The containers `skipValue` is inside, innermost last; grown as a value nests deeper. */
let openContainers = new Uint8Array(64);

/**
 * Where the value starting at `i` ends, checked as strictly as JSON.parse checks it; REFUSED
 * thrown at anything it would refuse. One loop with its own stack of open containers, not a call
 * per value: most of a page's bytes are in values the cut drops, read only to be passed over, and
 * a nesting of any depth costs no call stack.
 */
function skipValue(b: Uint8Array, i: number): number {
  let containers = openContainers;
  let depth = 0;
  for (;;) {
    // A value starts at i.
    let c = b[i]!;
    if (c === QUOTE) i = skipString(b, i);
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      i++;
      if (WS[b[i]!]) i = skipWs(b, i);
      // An empty one ends here: `}` and `]` are two after `{` and `[`.
      if (b[i] === c + 2) i++;
      else {
        if (depth === containers.length) {
          const grown = new Uint8Array(depth * 2);
          grown.set(containers);
          containers = openContainers = grown;
        }
        containers[depth++] = c === OPEN_OBJECT ? IN_OBJECT : IN_ARRAY;
        if (c === OPEN_OBJECT) i = skipKey(b, i);
        continue;
      }
    } else if (c === 0x74) i = skipWord(b, i, TRUE);
    else if (c === 0x66) i = skipWord(b, i, FALSE);
    else if (c === 0x6e) i = skipWord(b, i, NULL);
    else i = skipNumber(b, i);
    // After a value: close what it ends, until a comma says another value follows.
    for (;;) {
      if (depth === 0) return i;
      c = b[i]!;
      if (WS[c]) {
        i = skipWs(b, i);
        c = b[i]!;
      }
      if (c === COMMA) {
        i++;
        if (WS[b[i]!]) i = skipWs(b, i);
        if (containers[depth - 1] === IN_OBJECT) i = skipKey(b, i);
        break;
      }
      if (c !== (containers[depth - 1] === IN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) throw REFUSED;
      i++;
      depth--;
    }
  }
}

/** Past a member's key, its colon and the whitespace after: to where its value starts. */
function skipKey(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) throw REFUSED;
  return skipColon(b, skipString(b, i));
}

/** Past whitespace, a colon and whitespace. */
function skipColon(b: Uint8Array, i: number): number {
  if (WS[b[i]!]) i = skipWs(b, i);
  if (b[i] !== COLON) throw REFUSED;
  i++;
  return WS[b[i]!] ? skipWs(b, i) : i;
}

function skipWs(b: Uint8Array, i: number): number {
  while (WS[b[i]!]) i++;
  return i;
}

/** Past the string whose opening quote is at `i`. */
function skipString(b: Uint8Array, i: number): number {
  i++;
  for (;;) {
    const c = b[i]!;
    if (PLAIN[c]) {
      i++;
      continue;
    }
    if (c === QUOTE) return i + 1;
    if (c !== BACKSLASH) throw REFUSED; // a control character, or the 0 after the body
    const e = b[i + 1]!;
    if (e === 0x75) {
      if (!(HEX[b[i + 2]!] && HEX[b[i + 3]!] && HEX[b[i + 4]!] && HEX[b[i + 5]!])) throw REFUSED;
      i += 6;
    } else if (SIMPLE_ESCAPES[e]) i += 2;
    else throw REFUSED;
  }
}

function skipNumber(b: Uint8Array, i: number): number {
  // b[i]! throughout: the 0 after the body keeps every read in bounds.
  if (b[i] === 0x2d) i++;
  if (b[i] === 0x30) i++;
  else if (isDigit(b[i]!)) while (isDigit(b[++i]!));
  else throw REFUSED;
  if (b[i] === 0x2e) {
    if (!isDigit(b[++i]!)) throw REFUSED;
    while (isDigit(b[++i]!));
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === 0x2d) i++;
    if (!isDigit(b[i]!)) throw REFUSED;
    while (isDigit(b[++i]!));
  }
  return i;
}

function skipWord(b: Uint8Array, i: number, word: Uint8Array): number {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word[k]) throw REFUSED;
  return i + word.length;
}

/**
 * A buffer kept between scans on this thread, as a worker scans page after page: a new one each
 * time is megabytes of garbage a page, which a thread frees late (bench F's peak RSS went from
 * about 465 to 750 MB). A body larger than `MOST_KEPT` gets a buffer of its own, so no thread keeps
 * more than that for the scan.
 */
let scratch = new Uint8Array(0);
const MOST_KEPT = 16 * 1024 * 1024;

/**
 * The body in a buffer with a 0 after it. No byte of a JSON text can end a string, a number,
 * whitespace or a structure as 0 does, so every loop of the scan stops there without testing where
 * the body ends, and no read goes past the buffer: one read that might, at any point, makes V8 read
 * every byte of that loop as a maybe-missing value, about three times slower.
 */
function padded(body: Uint8Array): Uint8Array {
  const needed = body.length + 1;
  let b = scratch;
  if (b.length < needed) {
    b = new Uint8Array(needed);
    if (needed <= MOST_KEPT) scratch = b;
  }
  b.set(body);
  b[body.length] = 0;
  return b;
}

/**
 * The envelope with each `companies` item that is an object cut to `cut`'s fields, as JSON.parse
 * and the cut would give it, or undefined when the body is not one JSON object (see the rule at the top).
 */
export function scanCut(body: Uint8Array, cut: readonly string[]): unknown {
  let kept: Uint8Array;
  try {
    kept = new CutScanner(body, cut).scan();
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
  try {
    return JSON.parse(new TextDecoder().decode(kept));
  } catch {
    // Cannot happen for what the scan let through; if it ever does, the full parse decides.
    return undefined;
  }
}
