/**
 * UKCO.HISTORY in the simulated Excel against the sandbox: for 50 companies, the row and table
 * layouts (and the employment estimates with their Estimated flag) equal the yearly figures of the
 * records the sandbox sends, read here straight from its API; with UKCO.FIELD having loaded the
 * companies for another field, the filings cost one request for all of them (memory keeps only the
 * fields cells read), none after the workbook is reopened, and a cold column costs what the same
 * column of FIELD costs.
 */
import type { Page, Request } from "playwright-core";
import { SANDBOX_CREDENTIALS } from "../../sandbox/credentials";
import { assertDistBuilt, useAddinSession, type AddinSession } from "./harness";
import { joinParts, STORE_NAMESPACE } from "../../src/host/workbook-store";
import { sandboxNumbers, signInWithSandbox } from "./pane/pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

type Item = Record<string, unknown>;
type SandboxRecord = {
  CompanyNumber: string;
  CompanyFinancials_Vendor?: Item[] | null;
  CompanyGrowthTrends?: Item | null;
};

const COMPANIES = 50;
/** Rows each company's table gets on the Tables sheet: a header, the years, a gap. */
const TABLE_ROWS = 8;

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

/** The records as the sandbox's product API sends them. */
async function sandboxRecords(current: AddinSession, numbers: string[]): Promise<Map<string, SandboxRecord>> {
  const response = await fetch(`${current.sandbox!.urls.product}/v2/companies`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.productToken}` },
    body: JSON.stringify({ CompanyNumbers: numbers, returnCount: numbers.length, skip: 0 }),
  });
  const page = (await response.json()) as { companies: SandboxRecord[] };
  return new Map(page.companies.map((record) => [record.CompanyNumber, record]));
}

/** One value a year, oldest first; of several items of a year, the latest made up (then the later listed). */
function yearly(items: Item[] | null | undefined, year: string, value: string, date?: string): Item[] {
  const byYear = new Map<number, Item>();
  for (const item of items ?? []) {
    const held = byYear.get(Number(item[year]));
    if (!held || !date || String(item[date]) >= String(held[date])) byYear.set(Number(item[year]), item);
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([y, item]) => ({ year: y, value: item[value] ?? "", item }));
}

/** Waits until the workbook's store holds a company's filings (the store saves a little after a change). */
async function storedFilings(current: AddinSession, number: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const parts = await current.sim((api) => api.customXmlParts());
    const text = joinParts(parts.filter((p) => p.namespaceUri === STORE_NAMESPACE).map((p) => p.xml));
    const stored = text
      ? (JSON.parse(text) as { companies: Record<string, { f: object }> }).companies[number]
      : undefined;
    // Kept as the members HISTORY reads (`CompanyFinancials_Vendor{YEAR,…}`), not every filing whole.
    if (stored && Object.keys(stored.f).some((path) => path.startsWith("CompanyFinancials_Vendor{"))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the workbook's store never held the filings of company ${number}`);
}

/** The product API requests the page sends while `work` runs (through the add-in server's sandbox route, or straight), and the company numbers they ask for. */
async function productRequests(
  page: Page,
  productUrl: string,
  work: () => Promise<void>,
): Promise<{ requests: number; numbers: string[] }> {
  let requests = 0;
  const numbers: string[] = [];
  const count = (request: Request) => {
    if (!request.url().includes("/sandbox/product/") && !request.url().startsWith(productUrl)) return;
    requests += 1;
    const body = request.postDataJSON() as { CompanyNumbers?: string[] } | null;
    numbers.push(...(body?.CompanyNumbers ?? []));
  };
  page.on("request", count);
  try {
    await work();
  } finally {
    page.off("request", count);
  }
  return { requests, numbers };
}

test("HISTORY equals the sandbox's filings for 50 companies in both layouts, in one request once FIELD loaded them, and none after reopening", async () => {
  const { page } = session.current;
  const productUrl = session.current.sandbox!.urls.product!;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["England"] })).slice(0, COMPANIES);
  expect(numbers).toHaveLength(COMPANIES);
  const records = await sandboxRecords(session.current, numbers);

  const fieldLoad = await productRequests(page, productUrl, async () => {
    await session.current.sim((api, n) => {
      api.setCell(
        "Sheet1!A2",
        n.map((x) => [`'${x}`]),
      );
      api.setCell(
        "Sheet1!B2",
        n.map((_, r) => [`=UKCO.FIELD(A${r + 2},"CompanyName")`]),
      );
    }, numbers);
    await session.current.sim((api) => api.whenCalculated(30_000));
  });
  expect(fieldLoad.requests).toBeGreaterThanOrEqual(1);

  const requests = await productRequests(page, productUrl, async () => {
    await session.current.sim(
      (api, { n, rows }) => {
        api.setCell(
          "Sheet1!D2",
          n.map((_, r) => [`=UKCO.HISTORY(A${r + 2},"TURNOVER",,"row")`]),
        );
        api.addSheet("Tables");
        n.forEach((x, i) => {
          const top = 1 + i * rows;
          api.setCell(`Tables!A${top}`, `=UKCO.HISTORY("${x}","profit_after_tax")`);
          api.setCell(`Tables!D${top}`, `=UKCO.HISTORY("${x}","EmploymentEstimates",3)`);
        });
      },
      { n: numbers, rows: TABLE_ROWS },
    );
    await session.current.sim((api) => api.whenCalculated(30_000));
  });
  // The page keeps of each record only the fields cells read (CompanyName here), so HISTORY's
  // filings are fetched: each company once, all 50 in the burst's one request.
  expect(requests.requests).toBe(1);
  expect([...requests.numbers].sort()).toEqual([...numbers].sort());

  const rowCells = await session.current.sim((api, last) => api.values(`Sheet1!D2:I${last}`), COMPANIES + 1);
  const rowErrors = await session.current.sim((api, last) => api.errors(`Sheet1!D2:D${last}`), COMPANIES + 1);
  let withFilings = 0;
  for (const [i, number] of numbers.entries()) {
    const record = records.get(number)!;
    const turnover = yearly(record.CompanyFinancials_Vendor, "YEAR", "TURNOVER", "MADE_UPTO_DATE");
    const table = await session.current.sim(
      (api, top) => ({
        filings: api.values(`Tables!A${top}:B${top + 6}`),
        estimates: api.values(`Tables!D${top}:F${top + 6}`),
      }),
      1 + i * TABLE_ROWS,
    );
    if (turnover.length === 0) {
      expect(rowErrors[i]![0]).toEqual({
        code: "#N/A",
        message: expect.stringContaining(`Company ${number} has no filed accounts`),
      });
      continue;
    }
    withFilings += 1;
    const padding = (length: number, width: number) => Array.from({ length: width - length }, () => "");
    expect(rowCells[i]).toEqual([...turnover.map((p) => p.value), ...padding(turnover.length, 6)]);

    const profit = yearly(record.CompanyFinancials_Vendor, "YEAR", "PROFIT_AFTER_TAX", "MADE_UPTO_DATE");
    expect(table.filings).toEqual([
      ["Year", "PROFIT_AFTER_TAX"],
      ...profit.map((p) => [p.year, p.value]),
      ...padding(profit.length + 1, 7).map(() => ["", ""]),
    ]);

    const estimates = yearly(record.CompanyGrowthTrends?.EmploymentEstimates as Item[], "Year", "Measure").slice(-3);
    expect(table.estimates).toEqual([
      ["Year", "EmploymentEstimates", "Estimated"],
      ...estimates.map((p) => [p.year, p.value, Number((p.item as Item).Estimated) === 1]),
      ...padding(estimates.length + 1, 7).map(() => ["", "", ""]),
    ]);
  }
  // Most sample companies have filed accounts; the test is about them.
  expect(withFilings).toBeGreaterThan(COMPANIES / 2);

  // The workbook's store keeps the filings HISTORY read: reopened, the same cells cost no request.
  await storedFilings(session.current, numbers[numbers.length - 1]!);
  const reopened = await productRequests(page, productUrl, async () => {
    await session.current.reopen();
    await session.current.sim((api) => api.calculate("Full"));
    await session.current.sim((api) => api.whenCalculated(30_000));
  });
  expect(reopened.requests).toBe(0);
  expect(await session.current.sim((api, last) => api.values(`Sheet1!D2:I${last}`), COMPANIES + 1)).toEqual(rowCells);
});

test("a cold column of HISTORY is sent as a column of FIELD is: each company once, in the requests FIELD's rule sends", async () => {
  const { page } = session.current;
  const productUrl = session.current.sandbox!.urls.product!;
  // Companies the first test did not load.
  const numbers = (await sandboxNumbers(session.current, { Nations: ["England"] })).slice(COMPANIES);
  const forField = numbers.slice(0, 200);
  const forHistory = numbers.slice(200, 400);
  expect(forHistory).toHaveLength(200);
  const column = (sheet: string, n: string[], formula: (row: number) => string) => async () => {
    await session.current.sim(
      (api, arg) => {
        api.addSheet(arg.sheet);
        api.setCell(
          `${arg.sheet}!A1`,
          arg.n.map((x) => [`'${x}`]),
        );
        api.setCell(
          `${arg.sheet}!B1`,
          arg.formulas.map((f) => [f]),
        );
      },
      { sheet, n, formulas: n.map((_, r) => formula(r + 1)) },
    );
    await session.current.sim((api) => api.whenCalculated(30_000));
  };
  const fieldRequests = await productRequests(
    page,
    productUrl,
    column("Field", forField, (r) => `=UKCO.FIELD(A${r},"CompanyName")`),
  );
  const historyRequests = await productRequests(
    page,
    productUrl,
    column("History", forHistory, (r) => `=UKCO.HISTORY(A${r},"NET_ASSETS",1,"row")`),
  );
  // Each company goes once, in the fewest requests (one page of 1,000 holds 200) or, when the quota
  // has room, a few side by side, no more than the product governor runs at once (6; chunk-plan.ts):
  // FIELD's rule, which HISTORY shares.
  for (const [sent, column] of [
    [fieldRequests, forField],
    [historyRequests, forHistory],
  ] as const) {
    expect([...sent.numbers].sort()).toEqual([...column].sort());
    expect(sent.requests).toBeGreaterThanOrEqual(1);
    expect(sent.requests).toBeLessThanOrEqual(6);
  }
  const errors = await session.current.sim((api) => api.errors("History!B1:B200"));
  const filed = errors.filter(([e]) => e === null).length;
  expect(filed).toBeGreaterThan(100);
  for (const [e] of errors)
    if (e) expect(e).toMatchObject({ code: "#N/A", message: expect.stringMatching(/no filed accounts/) });
});
