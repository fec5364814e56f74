/**
 * The fault soak: FIELD cells, MATCH cells and a pane import against the sandbox while it injects
 * a realistic fault mix, with the add-in's own retries and no refresh by the user. Every cell must
 * hold the value the sandbox gives without faults, none may be stuck, and the import must hold
 * exactly the right rows. Shared by the integration test (small) and `npm run bench` (full size).
 */
import type { CellGrid } from "../../src/core/cell-value";
import { fieldCells } from "../../src/functions/field";
import { matchFormula } from "../../src/functions/match";
import { preparedCompanies, runTable, type TableSink } from "../../src/core/import/run-import";
import type { SheetValue } from "../../src/core/import/columns";
import type { RunningSandbox } from "../../sandbox/sandbox";
import type { Harness } from "./engine-harness";

/** The realistic mix: rates per request, drawn from the sandbox's seeded generator. */
export const REALISTIC_FAULTS = {
  rate429: 0.05,
  rate503: 0.05,
  rate500: 0.02,
  timeoutRate: 0.01,
  timeoutMs: null,
  rateCutBody: 0.02,
  rateHtml502: 0.01,
  rateReset: 0.01,
  rateJobFail: 0.05,
} as const;

export const NO_FAULTS = Object.fromEntries(
  Object.keys(REALISTIC_FAULTS).map((k) => [k, k === "timeoutMs" ? null : 0]),
);

const FIELDS = ["CompanyName", "CompanyStatus", "RegisteredPostcode", "BestEstimateEmployees", "CompanyCategory"];

export interface SoakSize {
  companies: number;
  fieldCells: number;
  matchCells: number;
  importRows: number;
}

export interface SoakResult {
  cells: number;
  wrong: Array<{ address: string; expected: unknown; got: unknown }>;
  stuck: number;
  importRows: number;
  importMissing: number;
  importDuplicates: number;
  importStatus: string;
  requests: Record<string, number>;
  lastCellMs: number;
  importMs: number;
}

async function admin(sandbox: RunningSandbox, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${sandbox.origin}/__admin/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
}

interface Cell {
  address: string;
  run: (address: string) => CellGrid | Promise<CellGrid>;
  expected: unknown;
}

/** The truth, asked without faults: companies with their fields, and what matching answers for their names. */
async function truth(harness: Harness, size: SoakSize) {
  const companies: Record<string, unknown>[] = [];
  for (let skip = 0; companies.length < size.companies; skip += 1000) {
    const page = await harness.clients.product.listCompanies({ returnCount: 1000, skip });
    companies.push(...(page.companies.filter((c) => !("invalid" in c)) as Record<string, unknown>[]));
    if (page.companies.length < 1000) break;
  }
  companies.length = Math.min(companies.length, size.companies);
  const names = [...new Set(companies.map((c) => String(c.CompanyName)))].slice(0, size.matchCells);
  const clean = await harness.clients.matching.runBatch(names.map((input_name) => ({ input_name })));
  const matched = new Map(names.map((name, i) => [name, clean.rows[i]?.result?.matched_company_number ?? null]));
  const imported: string[] = [];
  for (let skip = 0; imported.length < size.importRows; skip += 1000) {
    const page = await harness.clients.product.listCompanies({ returnCount: 1000, skip, ReturnCompanyIDsOnly: true });
    imported.push(...page.companies.map((c) => String(c.CompanyNumber)));
    if (page.companies.length < 1000) break;
  }
  return { companies, names, matched, imported: imported.slice(0, size.importRows) };
}

function cellsFor(harness: Harness, size: SoakSize, t: Awaited<ReturnType<typeof truth>>): Cell[] {
  const cells: Cell[] = [];
  const perField = Math.ceil(size.fieldCells / FIELDS.length);
  for (let i = 0; i < size.fieldCells; i++) {
    const company = t.companies[i % t.companies.length]!;
    const field = FIELDS[Math.floor(i / perField)]!;
    cells.push({
      address: `Sheet1!R${(i % perField) + 2}C${Math.floor(i / perField) + 2}`,
      run: (address) => fieldCells(harness.engine, company.CompanyNumber, field, null, { address }),
      expected: company[field] ?? "",
    });
  }
  for (let i = 0; i < size.matchCells; i++) {
    const name = t.names[i % t.names.length]!;
    cells.push({
      address: `Sheet2!A${i + 2}`,
      run: (address) => matchFormula(harness.engine, name, null, null, null, { address }),
      expected: t.matched.get(name) ?? null,
    });
  }
  return cells;
}

class MemorySink implements TableSink {
  rows: SheetValue[][] = [];
  async begin(): Promise<void> {}
  async append(rows: SheetValue[][]): Promise<void> {
    this.rows.push(...rows);
  }
  async finish(): Promise<void> {}
}

/** One soak: set the faults, recalculate every cell in one burst, import, then compare with the truth. */
export async function runSoak(
  harness: Harness,
  size: SoakSize,
  faults: Record<string, unknown>,
  limitMs: number,
): Promise<SoakResult> {
  const { sandbox } = harness;
  await admin(sandbox, "faults", NO_FAULTS);
  await harness.engine.clear();
  const t = await truth(harness, size);
  const cells = cellsFor(harness, size, t);
  await admin(sandbox, "faults", faults);
  const before = { ...harness.requests };
  const started = Date.now();
  const stuck = Symbol("stuck");
  const deadline = new Promise<typeof stuck>((resolve) => setTimeout(() => resolve(stuck), limitMs).unref());
  let lastCellMs = 0;
  const results = await Promise.all(
    cells.map((cell) =>
      Promise.race([
        Promise.resolve(cell.run(cell.address)).then(
          (grid) => grid[0]![0],
          (error: unknown) => error,
        ),
        deadline,
      ]).finally(() => (lastCellMs = Math.max(lastCellMs, Date.now() - started))),
    ),
  );
  const importStarted = Date.now();
  const sink = new MemorySink();
  const outcome = await runTable({
    // The pane's import of exactly these companies, by number (inline: fewer than a number set needs).
    prepared: preparedCompanies(
      harness.clients.product,
      { filters: {}, companyNumbers: t.imported, columns: ["CompanyNumber", "CompanyName"] },
      { CompanyNumbers: t.imported },
      t.imported.length,
    ),
    sink,
    now: Date.now,
  }).then((o) => o);
  const importMs = Date.now() - importStarted;
  await admin(sandbox, "faults", NO_FAULTS);
  // Text cells carry a leading apostrophe so Excel keeps them as typed.
  const importedNumbers = sink.rows.map((row) => String(row[0]).replace(/^'/, ""));
  const expectedImport = new Set(t.imported);
  const seen = new Set<string>();
  let duplicates = 0;
  for (const number of importedNumbers) {
    if (seen.has(number)) duplicates += 1;
    seen.add(number);
  }
  const wrong = results.flatMap((got, i) => {
    const cell = cells[i]!;
    const value = got instanceof Error ? `${got.name}: ${got.message}` : got;
    const right =
      cell.expected === null
        ? !(got instanceof Error) || /No match|no match/i.test(String(value))
        : value === cell.expected;
    return right || typeof got === "symbol" ? [] : [{ address: cell.address, expected: cell.expected, got: value }];
  });
  return {
    cells: cells.length,
    wrong,
    stuck: results.filter((r) => typeof r === "symbol").length,
    importRows: importedNumbers.length,
    importMissing: [...expectedImport].filter((n) => !seen.has(n)).length,
    importDuplicates: duplicates,
    importStatus: outcome.status,
    requests: Object.fromEntries(Object.entries(harness.requests).map(([k, v]) => [k, v - (before[k] ?? 0)])),
    lastCellMs,
    importMs,
  };
}
