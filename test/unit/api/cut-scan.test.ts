/**
 * The bytes reader scans a cut list instead of parsing it whole (cut-scan.ts). Whatever the bytes,
 * it must answer exactly what decoding them as `response.text()` does and `parseAndCut` would:
 * the same values, keys, order and prototypes for what it reads, and the same "truncated" or
 * "not-json" for what JSON.parse refuses. Hand-picked cases first, then generated ones.
 */
import { parseAndCut, readBytes } from "../../../src/api";
import { scanCut } from "../../../src/api/http/cut-scan";

const CUT = ["CompanyNumber", "CompanyName", "BestEstimateTurnover", "__proto__"];
const bytes = (text: string) => new TextEncoder().encode(text);
const full = (body: Uint8Array, cut: readonly string[] | undefined = CUT) =>
  parseAndCut(new TextDecoder().decode(body), cut, false);

/** Whether the scan should read the body itself: one JSON object, with only JSON's whitespace around it. */
function isOneObject(body: Uint8Array): boolean {
  const text = new TextDecoder().decode(body);
  if (!/^[ \t\r\n]*\{/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The scan answers exactly where it should (so these tests test it, not only the full parse behind it). */
const scans = (body: Uint8Array) => scanCut(body, CUT) !== undefined;

const cases: Array<[string, string | Uint8Array]> = [
  ["a plain list", '{"companies":[{"CompanyNumber":"1","CompanyName":"A","X":{"deep":[1,2,{"y":null}]}}]}'],
  [
    "whitespace everywhere",
    ' \r\n\t{ "companies" : [ { "CompanyName" :\t"A" , "CompanyNumber" : "1" } ] , "n" : 1 }\n',
  ],
  [
    "kept fields come in the cut's order",
    '{"companies":[{"BestEstimateTurnover":5,"CompanyName":"B","CompanyNumber":"2"}]}',
  ],
  ["a duplicate key in a record: the last wins", '{"companies":[{"CompanyName":"old","CompanyName":"new"}]}'],
  ["a duplicate envelope member", '{"next":"a","companies":[{"CompanyNumber":"1"}],"next":"b"}'],
  ["companies twice, a list then an object", '{"companies":[{"CompanyNumber":"1"}],"companies":{"a":1}}'],
  ["companies twice, an object then a list", '{"companies":{"a":1},"companies":[{"CompanyNumber":"1","Z":2}]}'],
  ["companies written with an escape", '{"compan\\u0069es":[{"CompanyNumber":"1","Z":2}]}'],
  ["a kept key written with an escape", '{"companies":[{"Company\\u004eame":"A","Z":2}]}'],
  [
    "escapes in kept and dropped strings",
    '{"companies":[{"CompanyName":"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9","Z":"\\ud83d\\ude00"}]}',
  ],
  ["non-ASCII text", '{"companies":[{"CompanyName":"Café Zürich 株式会社 😀","Z":"ünïcödé"}]}'],
  [
    "numbers as JSON reads them",
    '{"companies":[{"BestEstimateTurnover":-0,"A":1e400,"B":-1.5E-3,"C":0.25}],"n":12345678901234567890}',
  ],
  ["a record's own __proto__", '{"companies":[{"__proto__":{"polluted":true},"CompanyNumber":"1"}]}'],
  ["items that are not records", '{"companies":[null,7,"x",[{"CompanyNumber":"1"}],true,{"CompanyNumber":"2"}]}'],
  ["an empty record and an empty list", '{"companies":[{},{"CompanyNumber":"1"}],"e":[],"o":{}}'],
  ["no companies at all", '{"Filters":[1,2],"x":{"companies":[{"CompanyNumber":"1","Z":1}]}}'],
  ["a byte-order mark", "\uFEFF" + '{"companies":[{"CompanyNumber":"1","Z":1}]}'],
  [
    "a deep nesting in a dropped field",
    `{"companies":[{"CompanyNumber":"1","Z":${"[".repeat(500)}${"]".repeat(500)}}]}`,
  ],
  // What JSON.parse refuses, the scan refuses too, and the full parse names it.
  ["a raw control character in a dropped string", '{"companies":[{"CompanyNumber":"1","Z":"a\tb"}]}'],
  ["an unknown escape in a dropped string", '{"companies":[{"CompanyNumber":"1","Z":"a\\xb"}]}'],
  ["a short \\u escape", '{"companies":[{"CompanyNumber":"1","Z":"\\u12g4"}]}'],
  ["a leading zero", '{"companies":[{"CompanyNumber":"1","Z":01}]}'],
  ["a bare minus", '{"companies":[{"CompanyNumber":"1","Z":-}]}'],
  ["a trailing comma in a record", '{"companies":[{"CompanyNumber":"1",}]}'],
  ["a trailing comma in the list", '{"companies":[{"CompanyNumber":"1"},]}'],
  ["a missing colon", '{"companies":[{"CompanyNumber" "1"}]}'],
  ["a misspelt literal", '{"companies":[{"CompanyNumber":"1","Z":tru}]}'],
  ["a dropped list closed by a brace", '{"companies":[{"CompanyNumber":"1","Z":[1,[2}]}]}'],
  ["a dropped object closed by a bracket", '{"companies":[{"CompanyNumber":"1","Z":{"a":{"b":1]}}]}'],
  ["a trailing comma deep in a dropped list", '{"companies":[{"CompanyNumber":"1","Z":[{"a":[1,]}]}]}'],
  ["a key that is not a string, deep in a dropped object", '{"companies":[{"CompanyNumber":"1","Z":[{"a":{b:1}}]}]}'],
  ["a member with no value, deep in a dropped object", '{"companies":[{"CompanyNumber":"1","Z":[{"a":{"b":}}]}]}'],
  ["two values with no comma, deep in a dropped list", '{"companies":[{"CompanyNumber":"1","Z":[[1 2]]}]}'],
  ["a dropped list never closed", '{"companies":[{"CompanyNumber":"1","Z":[[1,2]}]}'],
  ["a single-quoted string", "{'companies':[]}"],
  ["cut off inside a dropped field", '{"companies":[{"CompanyNumber":"1","Z":"abc'],
  ["cut off after the list", '{"companies":[{"CompanyNumber":"1"}]'],
  ["two objects", '{"companies":[]}{"companies":[]}'],
  ["an array answer", '[{"CompanyNumber":"1","Z":2}]'],
  ["an HTML page", "<!doctype html><title>Sign in</title>"],
  [
    "a non-breaking space before the object (trim() takes it)",
    "\u00a0" + '{"companies":[{"CompanyNumber":"1","Z":1}]}',
  ],
  [
    "bytes that are not UTF-8, in a kept and a dropped string",
    Uint8Array.from([
      ...bytes('{"companies":[{"CompanyName":"a'),
      0xc0,
      0xff,
      ...bytes('b","Z":"'),
      0xe2,
      0x82,
      ...bytes('"}]}'),
    ]),
  ],
];

test.each(cases)("%s: as the full parse reads it", (_name, body) => {
  const raw = typeof body === "string" ? bytes(body) : body;
  expect(readBytes(raw, CUT, false)).toStrictEqual(full(raw));
  expect(scans(raw)).toBe(isOneObject(raw));
});

test("a nesting of any depth in a dropped field is scanned, with no call stack to run out of, and read as the full parse reads it", () => {
  const deep = bytes(`{"companies":[{"CompanyNumber":"1","Z":${'[{"a":'.repeat(100_000)}1${"}]".repeat(100_000)}}]}`);
  expect(scans(deep)).toBe(true);
  expect(readBytes(deep, CUT, false)).toStrictEqual(full(deep));
  expect(readBytes(deep, CUT, false)).toStrictEqual({
    json: { companies: [{ CompanyNumber: "1" }] },
    cut: new Set(CUT),
  });
});

test("a body cut off where a longer one scanned before went on is read as cut off (the scan's buffer is reused)", () => {
  const longer = bytes('{"companies":[{"CompanyNumber":"1","Z":"abc"}],"n":1}');
  const cutOff = longer.slice(0, longer.indexOf(bytes("]")[0]!));
  expect(scans(longer)).toBe(true);
  expect(readBytes(cutOff, CUT, false)).toEqual({ unreadable: "truncated" });
  expect(scans(cutOff)).toBe(false);
});

test("a kept record's own __proto__ stays a key, never its prototype", () => {
  const read = readBytes(bytes('{"companies":[{"__proto__":{"polluted":true},"CompanyNumber":"1"}]}'), CUT, false);
  const record = "json" in read ? (read.json as { companies: Record<string, unknown>[] }).companies[0]! : {};
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  expect((record as { polluted?: boolean }).polluted).toBeUndefined();
  expect(Object.keys(record)).toEqual(["CompanyNumber", "__proto__"]);
});

/** A small seeded generator, so a failure names a case that can be run again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const ws = () => pick(["", "", " ", "\n", "\t", " \r\n "]);
  const strings = ["", "A", "Acme Ltd", 'quote " and \\ back', "é ü 😀", "\u0000\u001f", "line\nbreak", "__proto__"];
  const keys = [...CUT, "Z", "Homepage_domain", "Sic", "companies", "next"];
  const scalar = (): string =>
    pick([
      () => JSON.stringify(pick(strings)),
      () => String(Math.round((next() - 0.5) * 1e6) / pick([1, 10, 1000])),
      () => pick(["true", "false", "null", "-0", "1e400", "2.5E-3"]),
    ])();
  const value = (depth: number): string => {
    if (depth > 3 || next() < 0.5) return scalar();
    if (next() < 0.5)
      return `[${ws()}${Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1)).join(`,${ws()}`)}]`;
    return object(depth + 1);
  };
  const member = (depth: number) => `${JSON.stringify(pick(keys))}${ws()}:${ws()}${value(depth)}`;
  const object = (depth: number): string =>
    `{${ws()}${Array.from({ length: Math.floor(next() * 6) }, () => member(depth)).join(`${ws()},${ws()}`)}${ws()}}`;
  const item = () => (next() < 0.85 ? object(1) : value(2));
  const envelope = () => {
    const members = [
      `"companies"${ws()}:${ws()}[${ws()}${Array.from({ length: Math.floor(next() * 6) }, item).join(`${ws()},${ws()}`)}${ws()}]`,
      ...Array.from({ length: Math.floor(next() * 3) }, () => member(1)),
    ].sort(() => next() - 0.5);
    return `${ws()}{${ws()}${members.join(`${ws()},${ws()}`)}${ws()}}${ws()}`;
  };
  return { next, envelope };
}

test("500 generated lists, whole, cut off and with a byte changed: the scan reads each as the full parse does", () => {
  let scanned = 0;
  for (let seed = 1; seed <= 500; seed++) {
    const { next, envelope } = generator(seed);
    const whole = bytes(envelope());
    const cutOff = whole.subarray(0, Math.floor(next() * whole.length));
    const changed = Uint8Array.from(whole);
    changed[Math.floor(next() * changed.length)] = Math.floor(next() * 256);
    for (const [form, body] of [
      ["whole", whole],
      ["cut off", cutOff],
      ["a byte changed", changed],
    ] as const) {
      const context = `seed ${seed}, ${form}: ${new TextDecoder().decode(body)}`;
      expect({ context, read: readBytes(body, CUT, false) }).toStrictEqual({ context, read: full(body) });
      expect({ context, scans: scans(body) }).toEqual({ context, scans: isOneObject(body) });
      if (scans(body)) scanned += 1;
    }
  }
  // Every whole list, and some of the changed ones.
  expect(scanned).toBeGreaterThan(500);
});
