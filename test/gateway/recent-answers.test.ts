/**
 * An answer wholly from the cache is sent again as the same bytes for a few seconds, but never
 * once a record in it has been fetched anew, and never past the records' time to live.
 */
import { TieredCache } from "../../gateway/cache";
import { CompanyRecords } from "../../gateway/companies";
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
    const companies = asked.map((n) => ({ CompanyNumber: n, CompanyName: names.get(n) }));
    return { kind: "ok", status: 200, text: JSON.stringify({ companies }), json: undefined };
  },
} as unknown as GovernedCalls;
const call: UpstreamCall = {
  service: "product",
  method: "POST",
  url: new URL("https://product.example/api/v2/companies"),
  operation: "listCompanies",
};
const asker = { user: "ana", signal: new AbortController().signal };
const numbers = [...names.keys()];

async function ask(records: CompanyRecords, refresh = false) {
  const answer = await records.answer(asker, call, numbers, refresh);
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
  const records = new CompanyRecords(calls, new TieredCache(1 << 20, 1), "scope", []);
  await ask(records);
  expect((await ask(records)).served).toBe("cache");
  names.set("00000001", "First Renamed Ltd");
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(await ask(records)).toEqual({ served: "upstream", names: ["First Renamed Ltd", "Second Ltd"] });
  expect(sends).toBe(2);
});
