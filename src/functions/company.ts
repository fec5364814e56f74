/** UKCO.COMPANY: a company as a card (entity value) with its main fields. */
import { companyKey } from "@ukco/core/analysis/function-definition";
import { asScalar, isBlank } from "@ukco/core/arguments";
import { type CellGrid, type CellScalar, cellText, type EntityCell, toCellScalar } from "@ukco/core/cell-value";
import { normaliseCompanyNumber } from "@ukco/core/company-number";
import type { CallContext, Engine } from "@ukco/core/engine";
import { UserError } from "@ukco/core/errors";
import { resolveFieldPath } from "@ukco/core/field-path";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";
import { fetchedAtCell } from "./asof";
import { LIST_SEPARATOR } from "./field";

/**
 * Returns a company as a card holding its main fields and when they were fetched, for example =UKCO.COMPANY(B2); then =C2.BestEstimateTurnover reads a field of the card. Where Excel has no data types from add-ins (Office 2021 and 2024), returns the company name.
 * @customfunction COMPANY
 * @param company_number Company number, such as 01234567 or SC123456.
 * @returns A company card (or the company name).
 * @cancelable
 * @requiresAddress
 */
export function company(company_number: any, invocation: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return runFormula(invocation, (engine, context) => companyFormula(engine, company_number, context)) as Promise<
    any[][]
  >;
}

export const COMPANY = defineFunction({
  name: "COMPANY",
  kind: "companies",
  key: ([number]) => companyKey(number),
  formula: (engine, [number], context) => companyFormula(engine, number, context),
});

/** The fields on the card, in order. Change this list to change the card. */
export const CARD_FIELDS = [
  "CompanyName",
  "CompanyNumber",
  "CompanyStatus",
  "CompanyCategory",
  "IncorporationDate",
  "RegisteredAddress",
  "RegisteredPostcode",
  "CompanyNation",
  "SICs",
  "BestEstimateTurnover",
  "BestEstimateEmployees",
  "Homepage_domain",
  "CompanyDescription",
  "UltimateLinkedCompanyNumber",
] as const;

const CARD_PATHS = CARD_FIELDS.map((name) => resolveFieldPath(name));

/** The card's last property: when its fields were fetched. */
export const FETCHED_PROPERTY = "Fetched";

export async function companyFormula(engine: Engine, numberArg: unknown, context: CallContext): Promise<CellGrid> {
  const value = asScalar(numberArg, "company number");
  if (isBlank(value)) return [[""]];
  const number = normaliseCompanyNumber(value);
  const values = await engine.companyValues(number, CARD_PATHS, context);
  const properties: [string, CellScalar][] = [];
  CARD_PATHS.forEach((path, i) => {
    const raw = values[i];
    if (raw instanceof UserError || raw === null || raw === undefined) return;
    const scalar = Array.isArray(raw)
      ? raw
          .map((item) => toCellScalar(item, "string"))
          .filter((item): item is CellScalar => item !== undefined)
          .map(cellText)
          .join(LIST_SEPARATOR)
      : toCellScalar(raw, path.kind);
    if (scalar !== undefined && scalar !== "") properties.push([path.text, scalar]);
  });
  // The card is a snapshot like every other answer; it says when, as UKCO.ASOF does.
  const fetchedAt = engine.fetchedAt("companies", number);
  if (fetchedAt !== undefined) properties.push([FETCHED_PROPERTY, fetchedAtCell(fetchedAt)]);
  const name = properties.find(([key]) => key === "CompanyName")?.[1];
  const entity: EntityCell = { kind: "entity", text: typeof name === "string" ? name : number, properties };
  return [[entity]];
}
