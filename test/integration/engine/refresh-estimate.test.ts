/**
 * The estimate shown before a refresh counts the requests the refresh then sends: for each scope
 * (a sheet, the selection, values older than a time, the workbook), the add-in's real functions on
 * the simulated Excel in Node, against the sandbox over HTTP, every request counted at the fetch.
 */
import { systemClock } from "../../../src/api/http/types";
import type { RefreshEstimate } from "../../../src/core/analysis/refresh-estimate";
import type { RefreshScope } from "../../../src/core/refresh-scopes";
import { estimateRefreshOf, refreshScope } from "../../../src/host/refresh";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { addSheet } from "../../../tools/office-sim/app/sheets";
import {
  loadFunctions,
  openWorkbook,
  signedInClients,
  type HostedWorkbook,
  type Traffic,
} from "../../../bench/support/sim-host";

jest.setTimeout(120_000);

let sandbox: RunningSandbox;
let workbook: HostedWorkbook;
let traffic: Traffic;
let names: string[];
/** After the first calculation: what is fetched later is newer than this. */
let firstFetched: number;

const column = (values: readonly string[]) => values.map((v) => [`'${v}`]);
const sent = (estimate: RefreshEstimate) => Object.fromEntries(estimate.services.map((s) => [s.service, s.requests]));

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 3_000,
    seed: 5,
    matchLatencyMs: [0, 2],
    batchQueuedMs: 20,
    batchRowMs: 0,
    rateLimits: { product: null, matching: null, classification: null, market: null },
  });
  const host = await loadFunctions();
  const signedIn = await signedInClients(sandbox, { limits: { classification: { perMinute: 1_000 } } });
  traffic = signedIn.traffic;
  workbook = await openWorkbook(host, signedIn.clients, signedIn.credentials, { clock: systemClock });
  const page = await signedIn.clients.product.listCompanyRecords({ returnCount: 1_000, skip: 0 });
  const numbers = page.companies.map((c) => String(c.CompanyNumber));
  names = page.companies.slice(0, 3).map((c) => String((c as { CompanyName?: unknown }).CompanyName));
  const { excel } = workbook;
  addSheet(excel, "Sheet2");
  // Sheet1: 300 companies in one spilled FIELD, 40 of them again cell by cell, three texts to classify.
  excel.setCell("Sheet1!A2", column(numbers.slice(0, 300)));
  excel.setCell("Sheet1!B1", [["CompanyName", "BestEstimateTurnover"]]);
  excel.setCell("Sheet1!B2", [["=UKCO.FIELD(A2:A301, B1:C1)"]]);
  excel.setCell(
    "Sheet1!E2",
    numbers.slice(0, 40).map((_, r) => [`=UKCO.FIELD(A${r + 2},"CompanyStatus")`]),
  );
  excel.setCell("Sheet1!G2", [['=UKCO.HISTORY(A2,"TURNOVER",3,"row")']]);
  excel.setCell("Sheet1!F2", [
    ['=UKCO.CLASSIFY("bakery selling bread and cakes")'],
    ['=UKCO.CLASSIFY("software consultancy")'],
    ['=UKCO.CLASSIFY("road haulage of freight")'],
  ]);
  // Sheet2: 600 other companies, and three names to match.
  excel.setCell("Sheet2!A2", column(numbers.slice(300, 900)));
  excel.setCell("Sheet2!B2", [['=UKCO.FIELD(A2:A601,"CompanyName")']]);
  excel.setCell(
    "Sheet2!D2",
    names.map((name) => [name]),
  );
  excel.setCell(
    "Sheet2!E2",
    names.map((_, r) => [`=UKCO.MATCH(D${r + 2})`]),
  );
  await excel.whenCalculated(60_000);
  firstFetched = Date.now() + 1;
});

afterAll(async () => {
  workbook?.close();
  await sandbox?.close();
});

async function refreshAndCount(
  scope: RefreshScope,
): Promise<{ estimate: RefreshEstimate; actual: Record<string, number> }> {
  const estimate = await estimateRefreshOf(workbook.engine, scope);
  traffic.reset();
  await refreshScope(workbook.engine, scope);
  await workbook.excel.whenCalculated(60_000);
  return { estimate, actual: { ...traffic.requests } };
}

test("every formula is counted; nothing is unread", async () => {
  const estimate = await estimateRefreshOf(workbook.engine, { kind: "workbook" });
  expect(estimate.unread).toBe(0);
  expect(estimate.formulas).toBe(1 + 40 + 3 + 1 + 1 + 3);
});

test.each<[string, () => RefreshScope, Record<string, number>]>([
  ["one sheet", () => ({ kind: "sheet", sheet: "Sheet2" }), { product: 600, matching: 3 }],
  ["a range", () => ({ kind: "ranges", addresses: ["Sheet1!E2:F11"] }), { product: 10, classification: 3 }],
  [
    "values older than a moment (what the two refreshes above did not touch)",
    () => ({ kind: "olderThan", cutoff: firstFetched }),
    { product: 290, classification: 0 },
  ],
  ["the workbook", () => ({ kind: "workbook" }), { product: 900, matching: 3, classification: 3 }],
])("%s: the estimate's request count is what the refresh sends", async (_, scope, items) => {
  const { estimate, actual } = await refreshAndCount(scope());
  const counted = Object.fromEntries(
    estimate.services.map((s) => [s.service, s.stores.reduce((sum, store) => sum + store.items, 0)]),
  );
  expect(counted).toEqual(Object.fromEntries(Object.entries(items).filter(([, n]) => n > 0)));
  expect(estimate.services.every((s) => s.exact)).toBe(true);
  expect(actual).toEqual(sent(estimate));
});
