import { HttpError } from "../../../src/api/http/errors";
import type { ProductClient } from "../../../src/api/product/client";
import type { CompaniesQuery } from "../../../src/api/product/requests";
import type { ListEnvelope } from "../../../src/api/product/responses";
import { resolveColumns, type SheetValue } from "../../../src/core/import/columns";
import { GuessedOperations } from "../../../src/api/guessed";
import { countMatches, prepareRequest, runImport, type TableSink } from "../../../src/core/import/run-import";
import { NUMBER_SET_THRESHOLD } from "../../../src/core/import/query";
import { PAGES_IN_FLIGHT } from "../../../src/core/import/run-table";

type Item = Record<string, unknown>;

function fakeProduct(items: Item[], options: { failAtSkip?: number; insights?: boolean } = {}) {
  const calls: CompaniesQuery[] = [];
  const uploads: string[][] = [];
  const listCompanies = async (query: CompaniesQuery) => {
    calls.push(query);
    const skip = query.skip ?? 0;
    if (options.failAtSkip !== undefined && skip >= options.failAtSkip) {
      throw new HttpError("product", {
        status: 500,
        method: "POST",
        url: "/v2/companies",
        origin: "service",
      } as never);
    }
    const page = items.slice(skip, skip + (query.returnCount ?? 40));
    const insights =
      query.insights && options.insights !== false
        ? {
            TotalCompanies: items.length,
            CompaniesByRTIC: [],
            TurnoverBands: [],
            EmployeeBands: [],
            CompaniesByNation: [],
          }
        : undefined;
    const companies = query.ReturnCompanyIDsOnly ? page.map((c) => ({ CompanyNumber: c.CompanyNumber })) : page;
    return { companies, insights } as unknown as ListEnvelope;
  };
  const product = {
    listCompanies,
    // The same operation on the wire; this fake never checks records, so both readings are one.
    listCompanyRecords: listCompanies,
    async uploadCompanyNumberSet(numbers: readonly string[]) {
      uploads.push([...numbers]);
      return { CompanyNumberSetId: "cns_test", Count: numbers.length };
    },
  } as unknown as ProductClient;
  return { product, calls, uploads };
}

function memorySink(onAppend?: (count: number) => Promise<void> | void) {
  const sink = {
    header: [] as SheetValue[],
    formats: [] as (string | undefined)[],
    rows: [] as SheetValue[][],
    asOf: [] as string[],
    appends: 0,
    finished: undefined as { asOf: string; rows: number } | undefined,
    async begin(header: SheetValue[], formats: (string | undefined)[], asOf: string) {
      Object.assign(sink, { header, formats });
      sink.asOf.push(asOf);
    },
    async append(rows: SheetValue[][], asOf: string) {
      sink.rows.push(...rows);
      sink.asOf.push(asOf);
      sink.appends += 1;
      await onAppend?.(sink.appends);
    },
    async finish(asOf: string, rows: number) {
      sink.finished = { asOf, rows };
    },
  };
  return sink satisfies TableSink;
}

const companies = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    CompanyNumber: String(i + 1).padStart(8, "0"),
    CompanyName: `Company ${i + 1}`,
    BestEstimateTurnover: i * 10,
  }));
const { columns } = resolveColumns(["CompanyNumber", "CompanyName", "BestEstimateTurnover"]);
const base = { columns, description: "Nations: Scotland", now: () => Date.UTC(2025, 0, 2, 3, 4) };

describe("an import", () => {
  test("pages through every match at 1000 a page and writes each record as a row, in order", async () => {
    const { product, calls } = fakeProduct(companies(2_500));
    const sink = memorySink();
    const outcome = await runImport({ ...base, product, request: { Nations: ["Scotland"] }, sink, total: 2_500 });
    expect(outcome).toMatchObject({ status: "complete", rows: 2_500, total: 2_500, invalidRecords: 0 });
    expect(calls.map((c) => [c.skip, c.returnCount])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    expect(sink.header).toEqual(["'Company number", "'Registered name", "'Turnover, best estimate (£)"]);
    expect(sink.formats).toEqual([undefined, undefined, "#,##0"]);
    expect(sink.rows).toHaveLength(2_500);
    expect(sink.rows[2_499]).toEqual(["'00002500", "'Company 2500", 24_990]);
    expect(sink.asOf[0]).toBe(
      "UK company data as of 2025-01-02 03:04 UTC · Nations: Scotland · importing: 0 of 2,500 companies so far",
    );
    expect(sink.asOf[2]).toBe(
      "UK company data as of 2025-01-02 03:04 UTC · Nations: Scotland · importing: 2,000 of 2,500 companies so far",
    );
    expect(sink.finished).toEqual({
      asOf: "UK company data as of 2025-01-02 03:04 UTC · Nations: Scotland · 2,500 companies",
      rows: 2_500,
    });
  });

  test("keeps a record that failed validation in its place as an error row", async () => {
    const items = companies(10);
    items[4] = { invalid: true, CompanyNumber: "00000005", problem: "BestEstimateTurnover: expected int" };
    const { product } = fakeProduct(items);
    const sink = memorySink();
    const outcome = await runImport({ ...base, product, request: {}, sink });
    expect(outcome.invalidRecords).toBe(1);
    expect(sink.rows.map((r) => r[0])).toEqual(items.map((i) => `'${i.CompanyNumber as string}`));
    expect(sink.rows[4]![1]).toMatch(/could not be read/);
  });

  test("cancelled midway, stops asking, keeps the rows that arrived, and says so in the as-of line", async () => {
    const { product, calls } = fakeProduct(companies(5_000));
    const cancel = new AbortController();
    let askedBeforeCancel = 0;
    const sink = memorySink((appends) => {
      if (appends !== 2) return;
      askedBeforeCancel = calls.length;
      cancel.abort();
    });
    const outcome = await runImport({ ...base, product, request: {}, sink, total: 5_000, signal: cancel.signal });
    expect(outcome).toMatchObject({ status: "cancelled", rows: 2_000 });
    expect(sink.rows).toHaveLength(2_000);
    expect(sink.finished!.asOf).toMatch(/cancelled after 2,000 of 5,000 companies$/);
    // Nothing is asked after the cancel; before it, at most the pages read ahead of the two written.
    expect(calls.length).toBe(askedBeforeCancel);
    expect(calls.length).toBeLessThanOrEqual(2 + PAGES_IN_FLIGHT + 1);
  });

  test("stopped by a failure, keeps what arrived and hands the error back", async () => {
    const { product } = fakeProduct(companies(5_000), { failAtSkip: 2_000 });
    const sink = memorySink();
    const outcome = await runImport({ ...base, product, request: {}, sink, total: 5_000 });
    expect(outcome.status).toBe("failed");
    expect(outcome.error).toBeInstanceOf(HttpError);
    expect(sink.finished).toEqual({
      asOf: expect.stringMatching(/stopped by an error after 2,000 of 5,000 companies$/),
      rows: 2_000,
    });
  });

  test("asks for the next page while the current one is being written", async () => {
    const { product, calls } = fakeProduct(companies(3_000));
    let requestsWhileWritingFirst = 0;
    const sink = memorySink(async (appends) => {
      if (appends !== 1) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
      requestsWhileWritingFirst = calls.length;
    });
    await runImport({ ...base, product, request: {}, sink });
    expect(requestsWhileWritingFirst).toBe(2);
  });
});

describe("before an import", () => {
  test("more than 10,000 numbers are uploaded as a set and the query sends its id", async () => {
    const { product, uploads } = fakeProduct([]);
    const numbers = Array.from({ length: NUMBER_SET_THRESHOLD + 1 }, (_, i) => String(i).padStart(8, "0"));
    const clients = { product, guessed: new GuessedOperations() };
    const request = await prepareRequest(clients, {
      filters: { Nations: ["Wales"] },
      companyNumbers: numbers,
    });
    expect(uploads).toEqual([numbers]);
    expect(request).toEqual({ Nations: ["Wales"], CompanyNumberSetId: "cns_test", AllowLargeAnalysis: true });
    const small = await prepareRequest(clients, {
      filters: {},
      companyNumbers: ["00000001"],
    });
    expect(small).toEqual({ CompanyNumbers: ["00000001"] });
    expect(uploads).toHaveLength(1);
  });

  test("the count comes from the insights in one request", async () => {
    const { product, calls } = fakeProduct(companies(4_321));
    await expect(countMatches(product, { Nations: ["Scotland"] })).resolves.toMatchObject({ total: 4_321 });
    expect(calls).toEqual([{ Nations: ["Scotland"], returnCount: 1, insights: true }]);
  });

  test("without insights, the count pages through numbers only, 1000 a page", async () => {
    const { product, calls } = fakeProduct(companies(2_345), { insights: false });
    await expect(countMatches(product, {})).resolves.toEqual({ total: 2_345 });
    expect(calls.slice(1).map((c) => [c.ReturnCompanyIDsOnly, c.skip, c.returnCount])).toEqual([
      [true, 0, 1000],
      [true, 1000, 1000],
      [true, 2000, 1000],
    ]);
  });
});
