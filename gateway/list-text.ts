/**
 * A service's list answer (`{"companies":[…], …}`) read as text: each record's JSON exactly as the
 * service wrote it, with its `CompanyNumber`, and the envelope's other members, without building
 * objects to serialise them again. The whole text is checked as strictly as JSON.parse checks it
 * (a cut or broken answer is undefined, never half-read), so what is cached and passed on is
 * always complete JSON.
 */

export interface ListText {
  /** Every element of `companies`, in order: its text, and its `CompanyNumber` when it has one. */
  records: Array<{ number: string | undefined; text: string }>;
  /** The envelope's members other than `companies`, as `"key":value` texts. */
  rest: string[];
  /** The envelope's member names, other than `companies`. */
  keys: string[];
}

const STRING_RUN = /[^"\\\u0000-\u001f]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const WHITESPACE = /[ \t\n\r]*/y;

class Reader {
  i = 0;
  constructor(readonly text: string) {}

  fail(): never {
    throw new SyntaxError("not JSON");
  }

  space(): void {
    const c = this.text.charCodeAt(this.i);
    // The common case (no whitespace) without a regular expression.
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      WHITESPACE.lastIndex = this.i;
      WHITESPACE.test(this.text);
      this.i = WHITESPACE.lastIndex;
    }
  }

  expect(code: number): void {
    this.space();
    if (this.text.charCodeAt(this.i) !== code) this.fail();
    this.i++;
  }

  /** Skips a string starting at `i` (its opening quote); says whether it held an escape. */
  string(): boolean {
    const text = this.text;
    let escaped = false;
    this.i++;
    for (;;) {
      STRING_RUN.lastIndex = this.i;
      STRING_RUN.test(text);
      this.i = STRING_RUN.lastIndex;
      const c = text.charCodeAt(this.i);
      if (c === 0x22) {
        this.i++;
        return escaped;
      }
      if (c !== 0x5c) this.fail();
      ESCAPE.lastIndex = this.i;
      if (!ESCAPE.test(text)) this.fail();
      this.i = ESCAPE.lastIndex;
      escaped = true;
    }
  }

  /** A string's value: the text between the quotes, decoded only when it holds an escape. */
  stringValue(): string {
    const start = this.i;
    const escaped = this.string();
    return escaped ? (JSON.parse(this.text.slice(start, this.i)) as string) : this.text.slice(start + 1, this.i - 1);
  }

  literal(word: string): void {
    if (!this.text.startsWith(word, this.i)) this.fail();
    this.i += word.length;
  }

  /** Skips any value; with `number`, also returns an object's `CompanyNumber` string. */
  value(wantNumber = false): string | undefined {
    this.space();
    const c = this.text.charCodeAt(this.i);
    if (c === 0x7b) return this.object(wantNumber);
    if (c === 0x5b) {
      this.i++;
      this.space();
      if (this.text.charCodeAt(this.i) === 0x5d) {
        this.i++;
        return undefined;
      }
      for (;;) {
        this.value();
        this.space();
        const next = this.text.charCodeAt(this.i++);
        if (next === 0x5d) return undefined;
        if (next !== 0x2c) this.fail();
      }
    }
    if (c === 0x22) {
      this.string();
      return undefined;
    }
    if (c === 0x74) this.literal("true");
    else if (c === 0x66) this.literal("false");
    else if (c === 0x6e) this.literal("null");
    else {
      NUMBER.lastIndex = this.i;
      if (!NUMBER.test(this.text)) this.fail();
      this.i = NUMBER.lastIndex;
    }
    return undefined;
  }

  /** Reads an object's members, calling `member` for each after its name (which must read the value). */
  members(member: (name: string, start: number) => void): void {
    this.expect(0x7b);
    this.space();
    if (this.text.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return;
    }
    for (;;) {
      this.space();
      const start = this.i;
      if (this.text.charCodeAt(this.i) !== 0x22) this.fail();
      const name = this.stringValue();
      this.expect(0x3a);
      member(name, start);
      this.space();
      const next = this.text.charCodeAt(this.i++);
      if (next === 0x7d) return;
      if (next !== 0x2c) this.fail();
    }
  }

  object(wantNumber: boolean): string | undefined {
    let number: string | undefined;
    this.members((name) => {
      this.space();
      // As JSON.parse does, the last of a repeated name counts.
      if (wantNumber && name === "CompanyNumber") {
        if (this.text.charCodeAt(this.i) === 0x22) {
          number = this.stringValue();
          return;
        }
        number = undefined;
      }
      this.value();
    });
    return number;
  }
}

/** The list answer's parts, or undefined when `text` is not one complete JSON object. */
export function readListText(text: string): ListText | undefined {
  const reader = new Reader(text);
  let records: ListText["records"] = [];
  const rest = new Map<string, string>();
  try {
    reader.members((name, start) => {
      reader.space();
      if (name !== "companies") {
        reader.value();
        // As JSON.parse does, the last of a repeated name counts (and keeps its first place).
        rest.set(name, text.slice(start, reader.i));
        return;
      }
      records = [];
      if (text.charCodeAt(reader.i) !== 0x5b) {
        reader.value();
        return;
      }
      reader.i++;
      reader.space();
      if (text.charCodeAt(reader.i) === 0x5d) {
        reader.i++;
        return;
      }
      for (;;) {
        reader.space();
        const from = reader.i;
        const number = reader.value(true);
        records.push({ number, text: text.slice(from, reader.i) });
        reader.space();
        const next = text.charCodeAt(reader.i++);
        if (next === 0x5d) return;
        if (next !== 0x2c) reader.fail();
      }
    });
    reader.space();
    if (reader.i !== text.length) reader.fail();
  } catch {
    // Not JSON, or nested deeper than this reader goes: either way not passed on.
    return undefined;
  }
  return { records, rest: [...rest.values()], keys: [...rest.keys()] };
}

/**
 * A record's text cut to the top-level members named in `keep`, each as the service wrote it and in
 * its order (a repeated name keeps every copy, so JSON.parse still takes the last); undefined when
 * `text` is not one JSON object.
 */
export function cutRecord(text: string, keep: ReadonlySet<string>): string | undefined {
  const reader = new Reader(text);
  const parts: string[] = [];
  try {
    reader.members((name, start) => {
      reader.value();
      if (keep.has(name)) parts.push(text.slice(start, reader.i));
    });
    reader.space();
    if (reader.i !== text.length) reader.fail();
  } catch {
    return undefined;
  }
  return `{${parts.join(",")}}`;
}
