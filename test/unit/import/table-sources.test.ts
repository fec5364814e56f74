/**
 * The table sources of the explore views on fake clients: what each asks the service, the rows it writes
 * (the URL a company matched, classifier scores, one row per market number), the multi-market
 * stopping rule, the explanation of an empty market answer, and saved sources read back.
 */
import type { ApiClients } from "../../../src/api/factory";
import type { MarketCompaniesRequest } from "../../../src/api/market/schemas";
import {
  readSavedImportXml,
  SAVED_IMPORT_VERSION,
  savedImportXml,
  type SavedImport,
} from "../../../src/core/import/saved-imports";
import { runTable, type TableSink } from "../../../src/core/import/run-table";
import { sourceDefinition, type TableSource } from "../../../src/core/import/sources";
import type { SheetValue } from "../../../src/core/import/columns";
import { explainEmpty } from "../../../src/core/market/filters";
import { parseWebsite, matchedUrl } from "../../../src/core/explore/websites";
import { collectCells } from "../../../src/core/import/collect-cells";

/** Text cells are written with Excel's text prefix (so "00000001" stays text); the tests read them as shown. */
const shown = (value: SheetValue) => (typeof value === "string" && value.startsWith("'") ? value.slice(1) : value);

function sink() {
  const written = { header: [] as SheetValue[], rows: [] as SheetValue[][], asOf: "" };
  const target: TableSink = {
    begin: async (header) => void (written.header = header.map(shown)),
    append: async (rows) => void written.rows.push(...rows.map((row) => row.map(shown))),
    finish: async (asOf) => void (written.asOf = asOf),
  };
  return { written, target };
}

async function run(clients: Partial<ApiClients>, source: TableSource) {
  const { written, target } = sink();
  const prepared = await sourceDefinition(source).prepare(clients as ApiClients, source, {});
  const outcome = await runTable({ prepared, sink: target, now: () => Date.UTC(2026, 0, 2, 3, 4) });
  return { written, outcome };
}

test("a website batch pages by returnCount/skip and says which asked URL each company answers to", async () => {
  const bodies: unknown[] = [];
  const all = Array.from({ length: 1500 }, (_, i) => ({
    CompanyNumber: String(i).padStart(8, "0"),
    CompanyName: `C${i}`,
    Homepage_domain: i % 2 ? "acme.co.uk" : "other.org",
  }));
  const product = {
    companiesByWebsiteBatch: async (body: { urls: string[]; skip: number; returnCount: number }) => {
      bodies.push(body);
      return { matchcount: all.length, companies: all.slice(body.skip, body.skip + body.returnCount) };
    },
  };
  const { written, outcome } = await run({ product } as never, {
    kind: "website-batch",
    urls: ["https://www.acme.co.uk/x", "other.org"],
    columns: ["CompanyNumber"],
  });
  expect(bodies).toEqual([
    { urls: ["https://www.acme.co.uk/x", "other.org"], skip: 0, returnCount: 1000 },
    { urls: ["https://www.acme.co.uk/x", "other.org"], skip: 1000, returnCount: 1000 },
  ]);
  expect(outcome).toMatchObject({ status: "complete", rows: 1500 });
  expect(written.header).toEqual(["Matched URL", "Company number"]);
  expect(written.rows.slice(0, 2)).toEqual([
    ["other.org", "00000000"],
    ["https://www.acme.co.uk/x", "00000001"],
  ]);
  expect(written.asOf).toMatch(/companies for 2 website addresses · 1,500 companies$/);
});

test("classify sends the examples once and writes the scores first, as numbers", async () => {
  const asked: unknown[] = [];
  const product = {
    classify: async (body: unknown) => {
      asked.push(body);
      return {
        companies: [
          { CompanyNumber: "00000009", Score: 0.93 },
          { CompanyNumber: "00000003", Score: 0.5 },
        ],
      };
    },
  };
  const { written } = await run({ product } as never, {
    kind: "classify",
    include: ["00000001"],
    exclude: ["00000002"],
    returnCount: 50,
    columns: ["CompanyNumber"],
  });
  expect(asked).toEqual([{ yes: ["00000001"], no: ["00000002"], returnCount: 50 }]);
  expect(written.rows).toEqual([
    [0.93, "00000009"],
    [0.5, "00000003"],
  ]);
  expect(written.asOf).toMatch(/companies like 1 example, unlike 1 \(best 50\) · 2 companies$/);
});

test("a market list advances Offset and stops at TotalCount, even when the last page is full", async () => {
  const requests: MarketCompaniesRequest[] = [];
  const market = {
    listCompanies: async (_m: string, request: MarketCompaniesRequest) => {
      requests.push(request);
      const offset = request.Offset ?? 0;
      const limit = request.Limit ?? 100;
      const companies = Array.from({ length: Math.max(0, Math.min(limit, 2000 - offset)) }, (_, i) => ({
        CompanyNumber: `N${offset + i}`,
        Employees: 3,
      }));
      return { Companies: companies, TotalCount: 2000 };
    },
  };
  const { written, outcome } = await run({ market } as never, {
    kind: "market",
    market: "de",
    query: { filters: { NAICS: ["62.01"] } },
  });
  expect(requests.map((r) => [r.Offset ?? 0, r.Limit])).toEqual([
    [0, 1],
    [0, 1000],
    [1000, 1000],
  ]);
  expect(requests.every((r) => JSON.stringify(r.NAICS) === '["62.01"]')).toBe(true);
  expect(outcome).toMatchObject({ status: "complete", rows: 2000, total: 2000 });
  expect(written.header.slice(0, 3)).toEqual(["Company number", "Name", "Status"]);
  expect(written.asOf).toMatch(
    /^Germany company data as of 2026-01-02 03:04 UTC · Germany \(de\): NAICS: 62\.01 · 2,000 companies$/,
  );
});

test("a market lookup writes one row per number in order, unknown numbers and failed lookups saying so", async () => {
  const market = {
    lookup: async (_m: string, numbers: string[]) =>
      new Map(
        numbers.map((n) => [
          n,
          n === "2"
            ? null
            : n === "4"
              ? new Error("The service answered 500.")
              : { CompanyNumber: n, CompanyName: `Co ${n}` },
        ]),
      ),
  };
  const { written } = await run({ market } as never, {
    kind: "market-batch",
    market: "ie",
    numbers: ["1", "2", "3", "4"],
  });
  expect(written.rows.map((r) => r.slice(0, 2))).toEqual([
    ["1", "Co 1"],
    ["2", "⚠ Not a company the ie market knows."],
    ["3", "Co 3"],
    ["4", "⚠ Could not be looked up: The service answered 500."],
  ]);
});

test("an empty market answer is explained by the values the market does not list", () => {
  const catalogue = [
    { Field: "NAICS", Name: "NAICS", Values: [{ Code: "541511", Description: "Software" }] },
    { Field: "Locations", Name: "States", Values: [{ Code: "CA", Description: "California" }] },
  ];
  expect(explainEmpty("us", { filters: { NAICS: ["541511", "9999"], Locations: ["ZZ"] } }, catalogue)).toBe(
    "No companies: the us market does not recognise NAICS 9999, Locations ZZ. Pick values from its lists.",
  );
  expect(explainEmpty("us", { filters: { NAICS: ["541511"] } }, catalogue)).toBe(
    "No companies in the us market match all of these filters together.",
  );
});

test("every source kind survives the workbook's saved-query part", () => {
  const sources: TableSource[] = [
    { kind: "website-batch", urls: ["a.co.uk"], columns: ["CompanyName"] },
    { kind: "classify", include: ["00000001"], exclude: [], returnCount: 10, columns: ["CompanyName"] },
    { kind: "explore", listId: "clean-energy", listName: "Clean energy", columns: ["CompanyName"] },
    { kind: "market", market: "fr", query: { filters: { Locations: ["75"] }, minEmployees: 10 } },
    { kind: "market-batch", market: "us", numbers: ["12-3456789"] },
  ];
  for (const source of sources) {
    const saved: SavedImport = {
      version: SAVED_IMPORT_VERSION,
      table: "T",
      sheet: "S",
      source,
      asOfRowsAbove: 2,
      importedAt: "2026-01-01T00:00:00.000Z",
      rows: 1,
      status: "complete",
    };
    expect(readSavedImportXml(savedImportXml(saved))).toEqual({ ok: true, saved });
  }
  const broken = {
    version: SAVED_IMPORT_VERSION,
    table: "T",
    sheet: "S",
    source: { kind: "market", market: "uk", query: {} },
    asOfRowsAbove: 2,
    importedAt: "x",
    rows: 1,
    status: "complete",
  };
  expect(
    readSavedImportXml(`<import xmlns="urn:ukco-addin:imports:1">${JSON.stringify(broken)}</import>`),
  ).toMatchObject({ ok: false });
});

test("website addresses from cells: typed forms accepted, text and spaces refused, matched by domain", () => {
  const collected = collectCells(
    "Sheet1!A1:A5",
    [["Website"], ["https://www.Acme.co.uk/about"], ["acme.co.uk"], ["not a site"], [42]],
    parseWebsite,
  );
  expect(collected.values).toEqual(["https://www.Acme.co.uk/about", "acme.co.uk"]);
  expect(collected.headerSkipped).toBe(true);
  expect(collected.invalid.map((c) => c.address)).toEqual(["Sheet1!A4", "Sheet1!A5"]);
  expect(matchedUrl("acme.co.uk", collected.values)).toBe("https://www.Acme.co.uk/about");
  expect(matchedUrl("else.com", collected.values)).toBe("");
});
