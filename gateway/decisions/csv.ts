/**
 * Decisions as CSV, for the team's administrator (`decisions export` and `import`): one row per
 * key's newest decision, with the name, the hints, the company number chosen (empty for "no
 * match"), who decided and when. Fields are quoted as RFC 4180 says. A cell a spreadsheet would
 * run as a formula (starting `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a
 * leading apostrophe, which import takes off again: an analyst's typed name never runs in the
 * administrator's Excel.
 */
import { MATCH_HINTS, type Hints } from "./key";
import type { StoredDecision } from "./model";

export const CSV_COLUMNS = ["name", ...MATCH_HINTS, "company_number", "decided_by", "decided_at"] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function decisionsCsv(decisions: readonly StoredDecision[]): string {
  const rows = decisions.map((d) =>
    [d.name, ...MATCH_HINTS.map((h) => d.hints[h] ?? ""), d.company?.number ?? "", d.byName, d.at].map(cell).join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f !== ""));
}

export interface CsvDecision {
  name: string;
  hints: Hints;
  company: string | null;
  decidedBy: string;
  decidedAt: string;
}

const unguard = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/** The decisions of an exported CSV, each row read by its header; a row that does not fit is named. */
export function readDecisionsCsv(text: string): { decisions: CsvDecision[]; problems: string[] } {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  const at = (name: string) => header?.indexOf(name) ?? -1;
  const missing = ["name", "company_number"].filter((c) => at(c) < 0);
  if (!header || missing.length > 0)
    return { decisions: [], problems: [`the header must name the columns ${CSV_COLUMNS.join(", ")}`] };
  const decisions: CsvDecision[] = [];
  const problems: string[] = [];
  rows.forEach((row, i) => {
    const value = (name: string) => unguard(row[at(name)] ?? "").trim();
    const name = value("name");
    if (!name) return void problems.push(`row ${i + 2}: no name`);
    const hints: Hints = {};
    for (const h of MATCH_HINTS) if (at(h) >= 0 && value(h)) hints[h] = value(h);
    decisions.push({
      name,
      hints,
      company: value("company_number") || null,
      decidedBy: value("decided_by") || "import",
      decidedAt: value("decided_at"),
    });
  });
  return { decisions, problems };
}
