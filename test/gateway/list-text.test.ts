/**
 * A list answer read as text: the records as the service wrote them, the envelope's other members,
 * and nothing at all from a text JSON.parse would refuse (a cut answer is never half-read).
 */
import { cutRecord, readListText } from "../../gateway/list-text";

const page = {
  companies: [
    { CompanyNumber: "00000001", CompanyName: 'A "quoted" \\ name é ☃', Tags: [1, -2.5e3, true, null, {}] },
    { CompanyName: "no number" },
    { CompanyNumber: 7 },
    null,
    { CompanyNumber: "0000\\u0032", Nested: { CompanyNumber: "not this one" } },
  ],
  CompanyChanges: [{ CompanyNumber: "00000001" }],
  JobPostingInsights: [],
};

test("reads each record's text, its number and the other members as JSON would", () => {
  const text = JSON.stringify(page);
  const read = readListText(text)!;
  expect(read.records.map((r) => JSON.parse(r.text) as unknown)).toEqual(page.companies);
  expect(read.records.map((r) => r.number)).toEqual(["00000001", undefined, undefined, undefined, "0000\\u0032"]);
  expect(JSON.parse(`{${read.rest.join(",")}}`)).toEqual({
    CompanyChanges: page.CompanyChanges,
    JobPostingInsights: [],
  });
  expect(read.keys).toEqual(["CompanyChanges", "JobPostingInsights"]);
});

test("whitespace, escaped names and repeated names read as JSON.parse reads them", () => {
  const text = ' { "compan\\u0069es" : [ { "CompanyNumber" : "1" , "CompanyNumber" : "2" } ] , "x" : 1 , "x" : 2 } ';
  const read = readListText(text)!;
  expect(read.records.map((r) => r.number)).toEqual(["2"]);
  expect(JSON.parse(`{${read.rest.join(",")}}`)).toEqual({ x: 2 });
  expect(readListText('{"companies":[{"CompanyNumber":"1"}],"companies":null}')!.records).toEqual([]);
});

test.each([
  ["cut", JSON.stringify(page).slice(0, -1)],
  ["cut at a record", '{"companies":[{"CompanyNumber":"1"}'],
  ["trailing text", '{"companies":[]} x'],
  ["a raw control character", '{"companies":[{"CompanyName":"a\tb"}]}'],
  ["a bad escape", '{"companies":[{"CompanyName":"a\\qb"}]}'],
  ["a bad number", '{"companies":[{"n":01}]}'],
  ["a bad literal", '{"companies":[{"n":tru}]}'],
  ["a trailing comma", '{"companies":[{"n":1},]}'],
  ["HTML", "<html></html>"],
  ["empty", ""],
])("nothing from text that is not JSON (%s)", (_why, text) => {
  expect(() => JSON.parse(text) as unknown).toThrow();
  expect(readListText(text)).toBeUndefined();
});

test("JSON that is not an object is not a list answer", () => {
  expect(readListText('[{"CompanyNumber":"1"}]')).toBeUndefined();
});

test("nesting deeper than the reader goes is refused, not thrown", () => {
  const deep = `{"companies":[${"[".repeat(100_000)}${"]".repeat(100_000)}]}`;
  expect(readListText(deep)).toBeUndefined();
});

test.each([
  [
    "the members asked, in the record's order",
    '{"B":1,"CompanyNumber":"01","A":[2,{"B":3}]}',
    ["A", "B"],
    '{"B":1,"A":[2,{"B":3}]}',
  ],
  ["a nested member of the same name is not a top-level one", '{"X":{"A":1}}', ["A"], "{}"],
  ["a name written with an escape is the name it decodes to", '{"\\u0041":1, "C" : 2 }', ["A"], '{"\\u0041":1}'],
  ["a repeated name keeps every copy: JSON.parse still takes the last", '{"A":1,"A":2}', ["A"], '{"A":1,"A":2}'],
  ["not one JSON object", '{"A":1', ["A"], undefined],
])("a record cut to some members: %s", (_name, text, keep, cut) => {
  expect(cutRecord(text, new Set(keep))).toBe(cut);
});
