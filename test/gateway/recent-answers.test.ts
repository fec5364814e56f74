/**
 * An answer wholly from the cache is sent again as the same bytes for a few seconds, but never
 * once a record in it has been fetched anew, and never past the records' time to live. An answer
 * cut to some fields is cut from the whole records the cache keeps.
 */
import { TieredCache } from "../../gateway/cache";
import { CompanyRecords } from "../../gateway/companies";
import { fieldsAsked, type FieldCut } from "../../gateway/fields";
import type { GovernedCalls } from "../../gateway/governed";
import type { UpstreamCall } from "../../gateway/upstream";

const names = new Map([
  ["00000001", "First Ltd"],
  ["00000002", "Second Ltd"],
]);
let sends = 0;
const calls = {
  shared: (asker: { signal: AbortSignal }, _key: string, work: (signal: AbortSignal) => Promise<unknown>) => ({
    result: work(asker.signal),
    merged: false,
  }),
  send: async (_user: string, call: UpstreamCall) => {
    sends += 1;
    const asked = (JSON.parse(call.body!) as { CompanyNumbers: string[] }).CompanyNumbers;
    const companies = asked.map((n) => ({
      CompanyNumber: n,
      CompanyName: names.get(n),
      SICs: [{ Code: "62012", CompanyNumber: "not the record's" }],
      NotInTheContract: 1,
    }));
    return { kind: "ok", status: 200, text: JSON.stringify({ companies, CompanyChanges: [] }), json: undefined };
  },
} as unknown as GovernedCalls;
const call: UpstreamCall = {
  service: "product",
  method: "POST",
  url: new URL("https://product.example/api/v2/companies"),
  operation: "listCompanies",
  timeoutMs: 60_000,
};
const asker = { user: "ana", signal: new AbortController().signal };
const numbers = [...names.keys()];

async function ask(records: CompanyRecords, refresh = false, fields?: FieldCut) {
  const answer = await records.answer(asker, call, numbers, refresh, fields);
  const body = JSON.parse(answer.body.toString()) as { companies: Array<{ CompanyName: string }> };
  return { served: answer.served, names: body.companies.map((c) => c.CompanyName) };
}

beforeEach(() => {
  sends = 0;
  names.set("00000001", "First Ltd");
});

test("a record fetched anew retires the recent answer that held it", async () => {
  const records = new CompanyRecords(calls, new TieredCache(1 << 20, 3600), "scope", []);
  await ask(records);
  expect(await ask(records)).toEqual({ served: "cache", names: ["First Ltd", "Second Ltd"] });
  expect(await ask(records)).toEqual({ served: "cache", names: ["First Ltd", "Second Ltd"] });
  names.set("00000001", "First Renamed Ltd");
  expect((await ask(records, true)).names).toEqual(["First Renamed Ltd", "Second Ltd"]);
  expect(await ask(records)).toEqual({ served: "cache", names: ["First Renamed Ltd", "Second Ltd"] });
  expect(sends).toBe(2);
});

test("a recent answer is not sent once its records have outlived the cache's time to live", async () => {
  let now = Date.now();
  const records = new CompanyRecords(calls, new TieredCache(1 << 20, 1, undefined, () => now), "scope", []);
  await ask(records);
  expect((await ask(records)).served).toBe("cache");
  names.set("00000001", "First Renamed Ltd");
  // The records' second to live passes on the cache's own clock.
  now += 1001;
  expect(await ask(records)).toEqual({ served: "upstream", names: ["First Renamed Ltd", "Second Ltd"] });
  expect(sends).toBe(2);
});

const cutTo = (header: string) => {
  const asked = fieldsAsked(header);
  if (!asked.ok || !asked.cut) throw new Error("not a cut");
  return asked.cut;
};

test("answers cut to the fields asked, cold and warm, from the whole records fetched and cached once", async () => {
  const records = new CompanyRecords(calls, new TieredCache(1 << 20, 3600), "scope", []);
  const cut = async (fields?: FieldCut, refresh = false) => {
    const answer = await records.answer(asker, call, numbers, refresh, fields);
    return { header: answer.headers["x-ukco-fields"], body: JSON.parse(answer.body.toString()) as unknown };
  };
  const named = [
    { CompanyNumber: "00000001", CompanyName: "First Ltd" },
    { CompanyNumber: "00000002", CompanyName: "Second Ltd" },
  ];
  // The envelope's aggregates as ever: passed on with the page fetched for this ask, not from the cache.
  const header = "CompanyName,CompanyNumber";
  expect(await cut(cutTo("CompanyName"))).toEqual({ header, body: { companies: named, CompanyChanges: [] } });
  expect(await cut(cutTo("CompanyName"))).toEqual({ header, body: { companies: named } });
  // A member the contract does not name is kept when asked, like any other.
  expect(await cut(cutTo("NotInTheContract,SICs"))).toMatchObject({
    header: "CompanyNumber,NotInTheContract,SICs",
    body: { companies: [{ CompanyNumber: "00000001", NotInTheContract: 1, SICs: [{ Code: "62012" }] }, {}] },
  });
  const whole = await cut();
  expect(whole.header).toBeUndefined();
  expect(whole.body).toMatchObject({ companies: [{ CompanyName: "First Ltd", NotInTheContract: 1, SICs: [{}] }, {}] });
  expect(sends).toBe(1);
  // A record fetched anew is cut anew.
  names.set("00000001", "First Renamed Ltd");
  await cut(undefined, true);
  expect(await cut(cutTo("CompanyName"))).toMatchObject({
    body: { companies: [{ CompanyName: "First Renamed Ltd" }, { CompanyName: "Second Ltd" }] },
  });
  expect(sends).toBe(2);
});
