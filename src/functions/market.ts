/** UKCO.MARKET: a field of a company in the US, France, Germany or Ireland. */
import type { Market } from "@ukco/api/market/schemas";
import { MarketCompanyFieldsSchema, MARKETS } from "@ukco/core/api-values";
import { keyed } from "@ukco/core/analysis/function-definition";
import { asScalar, isBlank } from "@ukco/core/arguments";
import { type CellGrid, type CellScalar, toDateCell } from "@ukco/core/cell-value";
import { closestMatches } from "@ukco/core/closest";
import type { CallContext, Engine } from "@ukco/core/engine";
import { InvalidArgumentError, NotFoundError } from "@ukco/core/errors";
import { marketKey } from "@ukco/core/loaders/market-loader";
import { parseMarketNumber } from "@ukco/core/market/numbers";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";
import { LIST_SEPARATOR } from "./field";

/**
 * The markets UKCO.MARKET reads; Excel offers these as you type the first argument.
 * @customenum {string}
 */
enum MarketCode {
  /** United States (EIN numbers, NAICS codes). */
  us = "us",
  /** France (SIREN numbers, NAF codes). */
  fr = "fr",
  /** Germany (register numbers such as HRB 12345, WZ codes). */
  de = "de",
  /** Ireland (CRO numbers, NACE codes). */
  ie = "ie",
}

/**
 * Returns a field of a company in the US, France, Germany or Ireland, for example =UKCO.MARKET("fr", A2, "Employees"). Fields: CompanyNumber, CompanyName, Market, Status, City, Region, PostalCode, Website, NAICS (the market's industry codes), PrimaryCode, PrimaryDescription, Employees, Revenue, Currency, IncorporationDate.
 * @customfunction MARKET
 * @param market "us", "fr", "de" or "ie".
 * @param company_number The company's number in that market (such as an EIN 12-3456789, a SIREN 123456789, "HRB 12345" or a CRO number).
 * @param field Field name, such as "CompanyName", "Employees" or "Revenue".
 * @returns The field's value: numbers stay numbers, the incorporation date is a date. #N/A when the market does not know the company.
 * @cancelable
 * @requiresAddress
 */
export function market(
  market: MarketCode,
  company_number: any,
  field: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return runFormula(invocation, (engine, context) =>
    marketFormula(engine, market, company_number, field, context),
  ) as Promise<any[][]>;
}

export const MARKET = defineFunction({
  name: "MARKET",
  kind: "marketCompanies",
  key: ([market, number]) => {
    const name = String(market ?? "")
      .trim()
      .toLowerCase();
    if (!(MARKETS as readonly string[]).includes(name)) return { problem: `"${String(market)}" is not a market.` };
    const parsed = parseMarketNumber(number);
    return parsed.ok ? keyed(marketKey(name as Market, parsed.value), "company number") : { problem: parsed.reason };
  },
  formula: (engine, [market, number, field], context) => marketFormula(engine, market, number, field, context),
});

/** The fields of a market record (CONTRACT-CHOICES.md "Company record"), in the schema's order. */
export const MARKET_FIELDS: readonly string[] = Object.keys(MarketCompanyFieldsSchema.shape);

function asMarket(value: unknown): Market {
  const text = isBlank(value) ? "" : String(asScalar(value, "market")).trim().toLowerCase();
  const market = MARKETS.find((m) => m === text);
  if (!market)
    throw new InvalidArgumentError(
      `The market must be one of ${MARKETS.map((m) => `"${m}"`).join(", ")}${text ? `; "${text.slice(0, 20)}" is not` : ""}.`,
    );
  return market;
}

function asMarketField(value: unknown): string {
  const scalar = asScalar(value, "field");
  if (isBlank(scalar) || typeof scalar !== "string")
    throw new InvalidArgumentError(
      `Give a field name as text, such as "CompanyName". Market fields: ${MARKET_FIELDS.join(", ")}.`,
    );
  const text = scalar.trim();
  const found = MARKET_FIELDS.find((f) => f.toLowerCase() === text.toLowerCase());
  if (found) return found;
  const near = closestMatches(text, MARKET_FIELDS, 3);
  throw new InvalidArgumentError(
    `"${text.slice(0, 60)}" is not a field of market companies.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(" or ")}?` : ""} Market fields: ${MARKET_FIELDS.join(", ")}.`,
  );
}

function cellOf(field: string, value: unknown): CellScalar {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join(LIST_SEPARATOR);
  if (field === "IncorporationDate" && typeof value === "string") return toDateCell(value, false);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return JSON.stringify(value);
}

export async function marketFormula(
  engine: Engine,
  marketArg: unknown,
  numberArg: unknown,
  fieldArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const market = asMarket(marketArg);
  const field = asMarketField(fieldArg);
  const raw = asScalar(numberArg, "company number");
  if (isBlank(raw)) return [[""]];
  const number = parseMarketNumber(raw);
  if (!number.ok) throw new InvalidArgumentError(`Give a ${market} company number: ${number.reason}.`);
  const record = await engine.marketCompany(market, number.value, context);
  if (!record) throw new NotFoundError(`No company ${number.value} in the ${market} market.`);
  return [[cellOf(field, record[field])]];
}
