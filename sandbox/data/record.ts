import { makeContext } from "./record-context";
import type { Dataset } from "./dataset";
import { fundingFields } from "./record-funding";
import { financeFields } from "./record-finance";
import { groupFields } from "./record-group";
import { industryFields } from "./record-industry";
import { jobFields } from "./record-jobs";
import { peopleFields } from "./record-people";
import { placeFields } from "./record-places";
import { webFields } from "./record-web";
import { cicOf } from "./rtics";

/**
 * The full `ClassifiedCompany` record (schema 1.0) of one company, built on request from the compact
 * row and the seed. A value the company lacks (BestEstimateTurnover for about half, Homepage_domain
 * without a website, LatestRound* without funding, ResignationDate of a serving officer) is left out
 * of the record rather than sent as null — INFERRED, written in docs/CONTRACT-CHOICES.md.
 */

export type CompanyRecord = Record<string, unknown>;

const COUNTRY_BY_SUFFIX: Readonly<Record<string, string>> = {
  INC: "United States",
  LLC: "United States",
  GMBH: "Germany",
  AG: "Switzerland",
  "B.V.": "Netherlands",
  "S.A.": "Spain",
  SARL: "France",
  PTY: "Australia",
};

function category(prefix: string, name: string): string {
  if (prefix === "OC" || prefix === "SO" || prefix === "NC") return "Limited Liability Partnership";
  if (prefix === "FC") return "Overseas Company";
  return name.endsWith(" PLC") ? "Public Limited Company" : "Private Limited Company";
}

export function buildRecord(ds: Dataset, i: number): CompanyRecord {
  const ctx = makeContext(ds, i);
  const suffix = ctx.name.split(" ").pop() ?? "";
  const record: CompanyRecord = {
    CompanyNumber: ctx.number,
    CompanyName: ctx.name,
    CompanyCategory: category(ctx.prefix, ctx.name),
    CompanyStatus: ctx.statusLabel,
    CountryOfOrigin: ctx.prefix === "FC" ? (COUNTRY_BY_SUFFIX[suffix] ?? "Ireland") : "United Kingdom",
    IncorporationDate: ctx.incorporated,
    IsLikelySPV: ctx.theme.code === "RTIC-0027" && ctx.employees <= 2,
    ...placeFields(ctx),
    ...industryFields(ctx),
    ...webFields(ctx),
    ...peopleFields(ctx),
    ...financeFields(ctx),
    ...fundingFields(ctx),
    ...jobFields(ctx, cicOf(ctx.theme).VerticalCode),
  };
  Object.assign(record, groupFields(ctx));
  return record;
}
