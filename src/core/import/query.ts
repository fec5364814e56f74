/**
 * What the user asks to import: filter codes, company numbers and columns. It is saved with the
 * imported table (so "Refresh this table" can run it again), hence a zod schema: what comes back
 * from a workbook is checked like any other input.
 */
import { z } from "zod";
import type { CompaniesQuery } from "@ukco/api/product/requests";

/**
 * The body fields of `POST /v2/companies` a picker can feed. `rtics` and `cics` are the contract's;
 * the rest are INFERRED (CONTRACT-CHOICES.md "Remaining filter fields"). A catalogue group whose
 * `Field` is not one of these is not offered (the request schema would refuse it).
 */
export const FILTER_FIELDS = ["rtics", "cics", "SICs", "CompanyStatus", "PostcodeAreas", "Nations"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Short names for the as-of line, which must be readable without the filter catalogue. */
export const FILTER_LABELS: Readonly<Record<FilterField, string>> = {
  rtics: "RTICs",
  cics: "CICs",
  SICs: "SICs",
  CompanyStatus: "Status",
  PostcodeAreas: "Postcode areas",
  Nations: "Nations",
};

/** API-FACTS: inline numbers serve up to about 50,000, but sets are advised above about 10,000. */
export const NUMBER_SET_THRESHOLD = 10_000;
/** INFERRED (ours): the most numbers one import takes from a selection; the saved query holds them all. */
export const MAX_IMPORT_NUMBERS = 100_000;

export function isFilterField(field: string | undefined): field is FilterField {
  return (FILTER_FIELDS as readonly (string | undefined)[]).includes(field);
}

const codes = z.array(z.string().min(1));

export const ImportQuerySchema = z.object({
  filters: z.partialRecord(z.enum(FILTER_FIELDS), codes).default({}),
  /** Normalised 8-character numbers; kept in full because uploaded sets expire after 24 hours. */
  companyNumbers: z.array(z.string().min(1)).max(MAX_IMPORT_NUMBERS).default([]),
  /** Field paths as UKCO.FIELD takes them (`CompanyGrowthTrends.CompanySizeEstimate`). */
  columns: z.array(z.string().min(1)).min(1),
  /**
   * The filter catalogue's name of each chosen code (`RTIC-0042` → "Cyber security software"), kept
   * with the query so the line above the table still names the codes after a refresh, when the
   * catalogue may not have been read. Queries saved without it describe their codes bare.
   */
  codeNames: z.record(z.string(), z.string()).optional(),
});
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

export function hasCriteria(query: Pick<ImportQuery, "filters" | "companyNumbers">): boolean {
  return query.companyNumbers.length > 0 || FILTER_FIELDS.some((field) => (query.filters[field]?.length ?? 0) > 0);
}

export function needsNumberSet(query: Pick<ImportQuery, "companyNumbers">): boolean {
  return query.companyNumbers.length > NUMBER_SET_THRESHOLD;
}

/** The request body; with an uploaded set, the numbers travel as its id (the contract: the set wins). */
export function companiesRequest(
  query: Pick<ImportQuery, "filters" | "companyNumbers">,
  numberSetId?: string,
): CompaniesQuery {
  const body: CompaniesQuery = {};
  for (const field of FILTER_FIELDS) {
    const values = query.filters[field];
    if (values?.length) body[field] = [...values];
  }
  if (numberSetId) {
    body.CompanyNumberSetId = numberSetId;
    body.AllowLargeAnalysis = true;
  } else if (query.companyNumbers.length) {
    body.CompanyNumbers = [...query.companyNumbers];
  }
  return body;
}

const SHOWN_CODES = 3;

/** "RTIC-0042 Cyber security software"; a code whose name is itself ("Scotland") or unknown reads alone. */
export function codeWithName(code: string, name: string | undefined): string {
  return name && name !== code ? `${code} ${name}` : code;
}

/** "RTICs: RTIC-0042 Cyber security software, RTIC-0001 …; Nations: Scotland; 1,234 company numbers" */
export function describeQuery(query: Pick<ImportQuery, "filters" | "companyNumbers" | "codeNames">): string {
  const parts: string[] = [];
  for (const field of FILTER_FIELDS) {
    const values = query.filters[field] ?? [];
    if (!values.length) continue;
    const shown = values
      .slice(0, SHOWN_CODES)
      .map((code) => codeWithName(code, query.codeNames?.[code]))
      .join(", ");
    const more = values.length > SHOWN_CODES ? ` and ${values.length - SHOWN_CODES} more` : "";
    parts.push(`${FILTER_LABELS[field]}: ${shown}${more}`);
  }
  const n = query.companyNumbers.length;
  if (n) parts.push(`${n.toLocaleString("en-GB")} company number${n === 1 ? "" : "s"}`);
  return parts.length ? parts.join("; ") : "all companies";
}
