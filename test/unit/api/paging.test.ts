/** The page walkers follow each contract's rule exactly: where paging goes, when to stop, and cancellation. */
import {
  AbortedError,
  pageCompanies,
  pageExploreList,
  pageMarketCompanies,
  pageWebsite,
  type Page,
} from "../../../src/api";
import type { RecordedCall } from "./support/fake-fetch";
import { harness, rejection } from "./support/harness";

const company = (n: number) => ({ CompanyNumber: String(n).padStart(8, "0") });
const body = (call: RecordedCall) => JSON.parse(call.body ?? "{}") as Record<string, unknown>;

/** Serves `total` records by the request's returnCount/skip (body or query). */
function productServer(total: number) {
  return (call: RecordedCall) => {
    const url = new URL(call.url);
    const b = call.method === "POST" ? body(call) : {};
    const returnCount = Number(b.returnCount ?? url.searchParams.get("returnCount"));
    const skip = Number(b.skip ?? url.searchParams.get("skip") ?? 0);
    const companies = Array.from({ length: Math.max(0, Math.min(returnCount, total - skip)) }, (_, i) =>
      company(skip + i),
    );
    return { status: 200, body: { companies, matchcount: total } };
  };
}

async function collect<T, R>(pages: AsyncGenerator<Page<T, R>>): Promise<Array<Page<T, R>>> {
  const out: Array<Page<T, R>> = [];
  for await (const page of pages) out.push(page);
  return out;
}

test("product POST lists page through body fields and stop on a short page", async () => {
  const h = harness(productServer(7));
  const pages = await h.clock.drive(
    collect(pageCompanies(h.clients.product, { rtics: ["RTIC-2041"], insights: true }, { pageSize: 3 })),
  );
  expect(pages.map((p) => [p.offset, p.items.length, p.collected])).toEqual([
    [0, 3, 3],
    [3, 3, 6],
    [6, 1, 7],
  ]);
  expect(h.fake.calls.map((c) => [body(c).skip, body(c).returnCount])).toEqual([
    [0, 3],
    [3, 3],
    [6, 3],
  ]);
  // Insights cover the whole set: asked for on the first page only.
  expect(h.fake.calls.map((c) => new URL(c.url).searchParams.get("insights"))).toEqual(["true", null, null]);
  expect(pages.flatMap((p) => p.items).map((c) => c.CompanyNumber)).toEqual([
    "00000000",
    "00000001",
    "00000002",
    "00000003",
    "00000004",
    "00000005",
    "00000006",
  ]);
});

test("a product list that ends on a full page takes one more (empty) page to know it ended", async () => {
  const h = harness(productServer(6));
  const pages = await h.clock.drive(collect(pageCompanies(h.clients.product, { rtics: ["R"] }, { pageSize: 3 })));
  expect(pages.map((p) => p.items.length)).toEqual([3, 3, 0]);
});

test("product GET lists page through the query", async () => {
  const h = harness(productServer(5));
  await h.clock.drive(collect(pageWebsite(h.clients.product, { url: "acme.example" }, { pageSize: 2 })));
  expect(
    h.fake.calls.map((c) => [
      c.method,
      new URL(c.url).searchParams.get("skip"),
      new URL(c.url).searchParams.get("returnCount"),
    ]),
  ).toEqual([
    ["GET", "0", "2"],
    ["GET", "2", "2"],
    ["GET", "4", "2"],
  ]);
  expect(h.fake.calls.every((c) => c.body === undefined)).toBe(true);
});

test("paging starts at the given skip and stops at maxRecords, asking for no more than needed", async () => {
  const h = harness(productServer(100));
  const pages = await h.clock.drive(
    collect(pageExploreList(h.clients.product, "scaleups", { skip: 10 }, { pageSize: 4, maxRecords: 6 })),
  );
  expect(pages.map((p) => [p.offset, p.items.length])).toEqual([
    [10, 4],
    [14, 2],
  ]);
  expect(h.fake.calls.map((c) => new URL(c.url).searchParams.get("returnCount"))).toEqual(["4", "2"]);
});

/** Serves `total` records by Limit/Offset; TotalCount only when asked for. */
function marketServer(total: number) {
  return (call: RecordedCall) => {
    const b = body(call);
    const limit = Number(b.Limit);
    const offset = Number(b.Offset);
    const Companies = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      CompanyNumber: `US-${offset + i}`,
    }));
    return {
      status: 200,
      body: { Companies, ...(b.IncludeTotalCount === false ? {} : { TotalCount: total }), Insights: {} },
    };
  };
}

test("multi-market stops as soon as the collected count reaches TotalCount", async () => {
  const h = harness(marketServer(6));
  const pages = await h.clock.drive(
    collect(pageMarketCompanies(h.clients.market, "us", { NAICS: ["333998"] }, { pageSize: 3 })),
  );
  expect(pages.map((p) => [p.offset, p.items.length, p.total])).toEqual([
    [0, 3, 6],
    [3, 3, 6],
  ]);
  expect(h.fake.calls).toHaveLength(2);
});

test("multi-market without totals stops only on a short page", async () => {
  const h = harness(marketServer(6));
  const pages = await h.clock.drive(
    collect(pageMarketCompanies(h.clients.market, "us", { IncludeTotalCount: false }, { pageSize: 3 })),
  );
  expect(pages.map((p) => p.items.length)).toEqual([3, 3, 0]);
  expect(pages[0]?.total).toBeUndefined();
});

test("multi-market advances Offset by the page size, keeps the filters fixed, and aggregates insights once", async () => {
  const h = harness(marketServer(5));
  await h.clock.drive(
    collect(
      pageMarketCompanies(
        h.clients.market,
        "fr",
        { NAICS: ["62.01Z"], Offset: 1, IncludeInsights: true },
        { pageSize: 2 },
      ),
    ),
  );
  expect(
    h.fake.calls.map((c) => [body(c).Offset, body(c).Limit, body(c).IncludeInsights, (body(c).NAICS as string[])[0]]),
  ).toEqual([
    [1, 2, true, "62.01Z"],
    [3, 2, false, "62.01Z"],
  ]);
});

test("the market's default page size is its documented default Limit", async () => {
  const h = harness(marketServer(0));
  await h.clock.drive(collect(pageMarketCompanies(h.clients.market, "de", {})));
  expect(body(h.fake.calls[0] as RecordedCall).Limit).toBe(100);
});

test("an abort between pages stops the walk with AbortedError", async () => {
  const h = harness(productServer(50));
  const controller = new AbortController();
  const seen: number[] = [];
  const walk = (async () => {
    for await (const page of pageCompanies(
      h.clients.product,
      { rtics: ["R"] },
      { pageSize: 5, signal: controller.signal },
    )) {
      seen.push(page.pageIndex);
      if (page.pageIndex === 1) controller.abort();
    }
  })();
  expect(await h.clock.drive(rejection(walk))).toBeInstanceOf(AbortedError);
  expect(seen).toEqual([0, 1]);
  expect(h.fake.calls).toHaveLength(2);
});
