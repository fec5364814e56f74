/**
 * The import's read-ahead: with the total known, product pages below it are asked for several at
 * once (never more than the bound), handed over in order, and the contract's stopping rule still
 * ends the walk; cancelling stops every page in flight and keeps what was written; a page that
 * fails surfaces its error after the pages before it are written. Behaviour only, never timings:
 * every answer is released by the test.
 */
import { AbortedError, HttpError } from "../../../src/api/http/errors";
import type { CallOptions } from "../../../src/api/http/types";
import type { ProductClient } from "../../../src/api/product/client";
import { pageCompanies, type ReadAheadOptions } from "../../../src/api/product/paging";
import type { CompaniesQuery } from "../../../src/api/product/requests";
import type { ListEnvelope } from "../../../src/api/product/responses";
import type { SheetValue } from "../../../src/core/import/columns";
import { PAGES_IN_FLIGHT, runTable, type TableSink } from "../../../src/core/import/run-table";
import type { PreparedTable, RowPage } from "../../../src/core/import/sources/types";

interface Asked {
  skip: number;
  returnCount: number;
  signal: AbortSignal | undefined;
  answer(): void;
  fail(error: Error): void;
}

/** A product API over `count` numbered companies whose answers wait until the test releases them. */
function heldProduct(count: number) {
  const asked: Asked[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const product = {
    listCompanies(query: CompaniesQuery, call: CallOptions = {}) {
      const skip = query.skip ?? 0;
      const returnCount = query.returnCount ?? 40;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return new Promise<ListEnvelope>((resolve, reject) => {
        const onAbort = () => {
          settle();
          reject(new AbortedError("product"));
        };
        const settle = () => {
          inFlight -= 1;
          call.signal?.removeEventListener("abort", onAbort);
        };
        call.signal?.addEventListener("abort", onAbort, { once: true });
        asked.push({
          skip,
          returnCount,
          signal: call.signal,
          answer: () => {
            settle();
            const numbers = Array.from(
              { length: Math.max(0, Math.min(returnCount, count - skip)) },
              (_, i) => skip + i,
            );
            resolve({ companies: numbers.map((n) => ({ CompanyNumber: String(n) })) } as unknown as ListEnvelope);
          },
          fail: (error) => {
            settle();
            reject(error);
          },
        });
      });
    },
  } as unknown as ProductClient;
  return { product, asked, mostInFlight: () => mostInFlight };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Answers whatever has been asked, newest first (so answers arrive out of order), until `done` settles. */
async function answerAll(asked: Asked[], done: Promise<unknown>, answer = (a: Asked) => a.answer()): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const answered = new Set<Asked>();
  while (!finished) {
    await tick();
    for (const a of [...asked].reverse()) {
      if (answered.has(a)) continue;
      answered.add(a);
      answer(a);
    }
  }
}

async function readAll(product: ProductClient, options: ReadAheadOptions): Promise<number[]> {
  const rows: number[] = [];
  for await (const page of pageCompanies(product, {}, options))
    for (const item of page.items) rows.push(Number((item as { CompanyNumber: string }).CompanyNumber));
  return rows;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("pages read ahead below a known total", () => {
  test.each([
    // name, companies there now, total counted before, pages asked for (skips, in the order asked)
    ["ends on a short page", 2_500, 2_500, [0, 1000, 2000]],
    ["ends on a full page: one more page confirms the end", 3_000, 3_000, [0, 1000, 2000, 3000]],
    ["the list grew since the count: the rule goes on past the total", 3_500, 3_000, [0, 1000, 2000, 3000]],
    ["the list shrank: the first short page ends it", 1_500, 3_000, [0, 1000, 2000]],
    ["nothing matches", 0, 0, [0]],
  ])("%s", async (_name, companies, total, skips) => {
    const { product, asked } = heldProduct(companies);
    const read = readAll(product, { pageSize: 1000, total, inFlight: 3 });
    await answerAll(asked, read);
    expect(await read).toEqual(range(companies));
    expect(asked.map((a) => a.skip)).toEqual(skips);
    expect(asked.every((a) => a.returnCount === 1000)).toBe(true);
  });

  test.each([1, 2, 3])("never more than %i in flight, and exactly that many while pages wait", async (inFlight) => {
    const { product, asked, mostInFlight } = heldProduct(10_000);
    const read = readAll(product, { pageSize: 1000, total: 10_000, inFlight });
    await answerAll(asked, read);
    expect(await read).toEqual(range(10_000));
    expect(mostInFlight()).toBe(inFlight);
  });

  test("without a total the pages go one after another (the contract's rule alone)", async () => {
    const { product, asked, mostInFlight } = heldProduct(2_500);
    const read = readAll(product, { pageSize: 1000, inFlight: 3 });
    await answerAll(asked, read);
    expect(await read).toEqual(range(2_500));
    expect(mostInFlight()).toBe(1);
  });

  test("maxRecords still caps what is asked for", async () => {
    const { product, asked } = heldProduct(10_000);
    const read = readAll(product, { pageSize: 1000, total: 10_000, inFlight: 3, maxRecords: 2_500 });
    await answerAll(asked, read);
    expect(await read).toEqual(range(2_500));
    expect(asked.map((a) => [a.skip, a.returnCount])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 500],
    ]);
  });
});

function memorySink(onAppend?: (appends: number) => void) {
  const sink = {
    rows: [] as SheetValue[][],
    appends: 0,
    finished: undefined as { asOf: string; rows: number } | undefined,
    async begin() {},
    async append(rows: SheetValue[][]) {
      sink.rows.push(...rows);
      sink.appends += 1;
      onAppend?.(sink.appends);
    },
    async finish(asOf: string, rows: number) {
      sink.finished = { asOf, rows };
    },
  };
  return sink satisfies TableSink;
}

/** A company list as the import prepares it, its pager given what the run passes. */
function prepared(product: ProductClient, total: number): PreparedTable {
  return {
    header: ["CompanyNumber"],
    numberFormats: [undefined],
    description: "test list",
    total,
    pages: (options) =>
      (async function* (): AsyncGenerator<RowPage> {
        for await (const page of pageCompanies(product, {}, { ...options, pageSize: 1000 }))
          yield { rows: page.items.map((item) => [(item as { CompanyNumber: string }).CompanyNumber]), invalid: 0 };
      })(),
  };
}

describe("an import run over the read-ahead", () => {
  test(`keeps ${PAGES_IN_FLIGHT} pages in flight while one is written, and writes rows in order`, async () => {
    const { product, asked, mostInFlight } = heldProduct(6_000);
    const run = runTable({ prepared: prepared(product, 6_000), sink: memorySink(), now: () => 0 });
    await answerAll(asked, run);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: "complete", rows: 6_000 });
    expect(mostInFlight()).toBe(PAGES_IN_FLIGHT);
  });

  test("cancel stops every page in flight at once and keeps the rows already written", async () => {
    const { product, asked } = heldProduct(10_000);
    const controller = new AbortController();
    const sink = memorySink((appends) => appends === 2 && controller.abort());
    const run = runTable({ prepared: prepared(product, 10_000), sink, now: () => 0, signal: controller.signal });
    await answerAll(asked, run, (a) => (a.skip < 3000 ? a.answer() : undefined));
    const outcome = await run;
    expect(outcome.status).toBe("cancelled");
    expect(sink.rows.map((r) => Number(r[0]))).toEqual(range(outcome.rows));
    expect(outcome.rows).toBeGreaterThanOrEqual(2_000);
    // Every request still open when the user cancelled was told to stop; nothing was asked after.
    expect(asked.filter((a) => a.skip >= 3000).every((a) => a.signal?.aborted)).toBe(true);
    expect(Math.max(...asked.map((a) => a.skip))).toBeLessThan(3000 + PAGES_IN_FLIGHT * 1000);
  });

  test("a page that fails in the middle: the pages before it are written, then its error surfaces", async () => {
    const { product, asked } = heldProduct(6_000);
    const failure = new HttpError("product", {
      status: 500,
      method: "POST",
      url: "/v2/companies",
      origin: "service",
    } as never);
    const sink = memorySink();
    const run = runTable({ prepared: prepared(product, 6_000), sink, now: () => 0 });
    // The failing page answers first, before the pages ahead of it in the table.
    await answerAll(asked, run, (a) => (a.skip === 2000 ? a.fail(failure) : a.answer()));
    const outcome = await run;
    expect(outcome).toMatchObject({ status: "failed", error: failure, rows: 2_000 });
    expect(sink.rows.map((r) => Number(r[0]))).toEqual(range(2_000));
    expect(sink.finished?.rows).toBe(2_000);
    expect(asked.filter((a) => a.skip > 2000).every((a) => a.signal?.aborted)).toBe(true);
  });
});
