/**
 * Refresh selection on cells inside a spilled table, without the formula's cell: the add-in's real
 * functions on the simulated Excel in Node, against the sandbox over HTTP, every request counted at
 * the fetch. The estimate counts the selected rows' answers, the refresh sends what it said, and the
 * selected cells show what the sandbox now holds while the table's other rows keep theirs.
 */
import { systemClock } from "../../../src/api/http/types";
import type { RefreshEstimate } from "../../../src/core/analysis/refresh-estimate";
import { estimateRefreshOf, refreshScope, scopeOf } from "../../../src/host/refresh";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
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
let numbers: string[];

const sent = (estimate: RefreshEstimate) => Object.fromEntries(estimate.services.map((s) => [s.service, s.requests]));
const items = (estimate: RefreshEstimate) =>
  Object.fromEntries(estimate.services.map((s) => [s.service, s.stores.reduce((sum, store) => sum + store.items, 0)]));

async function admin(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.origin}/__admin${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Selects `address` as a user would, then refreshes the selection: its estimate and the requests sent. */
async function refreshSelected(address: string) {
  const { excel } = workbook;
  const { sheet, range } = excel.resolve(address);
  excel.select(sheet.id, range);
  const scope = await scopeOf({ kind: "selection" });
  const estimate = await estimateRefreshOf(workbook.engine, scope);
  traffic.reset();
  await refreshScope(workbook.engine, scope);
  await excel.whenCalculated(60_000);
  return { estimate, actual: { ...traffic.requests } };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 1_000,
    seed: 11,
    rateLimits: { product: null, matching: null, classification: null, market: null },
  });
  const host = await loadFunctions();
  const signedIn = await signedInClients(sandbox);
  traffic = signedIn.traffic;
  workbook = await openWorkbook(host, signedIn.clients, signedIn.credentials, { clock: systemClock });
  const page = await signedIn.clients.product.listCompanyRecords({ returnCount: 200, skip: 0 });
  numbers = page.companies.map((c) => String(c.CompanyNumber));
  const { excel } = workbook;
  excel.setCell(
    "Sheet1!A2",
    numbers.map((n) => [`'${n}`]),
  );
  excel.setCell("Sheet1!B1", [["CompanyName", "BestEstimateTurnover"]]);
  excel.setCell("Sheet1!B2", [["=UKCO.FIELD(A2:A201, B1:C1)"]]);
  excel.setCell("Sheet1!E2", [['=UKCO.HISTORY(A5,"TurnoverEstimates")']]);
  await excel.whenCalculated(60_000);
});

afterAll(async () => {
  workbook?.close();
  await sandbox?.close();
});

test("rows 12 to 22 of a FIELD table: those 11 companies are counted and fetched, and only their cells change", async () => {
  const { excel } = workbook;
  // Row 17 shows numbers[15], inside the selection; row 102 shows numbers[100], outside it.
  const before = { inside: excel.values("Sheet1!C17")[0]![0], outside: excel.values("Sheet1!C102")[0]![0] };
  await admin(`/companies/${numbers[15]}`, { BestEstimateTurnover: 123_456_789 });
  await admin(`/companies/${numbers[100]}`, { BestEstimateTurnover: 987_654_321 });

  const { estimate, actual } = await refreshSelected("Sheet1!B12:C22");

  expect(estimate.formulas).toBe(1);
  expect(items(estimate)).toEqual({ product: 11 });
  expect(estimate.services.every((s) => s.exact)).toBe(true);
  expect(actual).toEqual(sent(estimate));
  expect(before.inside).not.toBe(123_456_789);
  expect(excel.values("Sheet1!C17")[0]![0]).toBe(123_456_789);
  expect(excel.values("Sheet1!C102")[0]![0]).toBe(before.outside);
  expect(excel.cell("Sheet1!B2").formula).toBe("=UKCO.FIELD(A2:A201, B1:C1)");
});

test("two years inside a HISTORY table: its one company is counted and fetched, and the restated year shows", async () => {
  const { excel } = workbook;
  const record = await admin(`/companies/${numbers[3]}`);
  const trends = record.CompanyGrowthTrends as { TurnoverEstimates: { Year: number; Measure: number }[] };
  const estimates = trends.TurnoverEstimates;
  const latest = Math.max(...estimates.map((e) => e.Year));
  await admin(`/companies/${numbers[3]}`, {
    CompanyGrowthTrends: {
      ...trends,
      TurnoverEstimates: estimates.map((e) => (e.Year === latest ? { ...e, Measure: 4_242_424 } : e)),
    },
  });
  const table = () => excel.values(`Sheet1!E2:G${2 + estimates.length}`);
  const before = table();

  const { estimate, actual } = await refreshSelected("Sheet1!E4:F5");

  expect(estimate.formulas).toBe(1);
  expect(items(estimate)).toEqual({ product: 1 });
  expect(actual).toEqual(sent(estimate));
  const after = table();
  const row = after.findIndex((cells) => cells[0] === latest);
  expect(after[row]![1]).toBe(4_242_424);
  expect(before[row]![1]).not.toBe(4_242_424);
});
