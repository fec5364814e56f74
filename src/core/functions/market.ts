/** UKCO.MARKET: a field of a company in the US, France, Germany or Ireland. */
import { MarketCompanyFieldsSchema, MARKETS, type Market } from "../../api/market/schemas";
import { toDateCell, type CellGrid, type CellScalar } from "../cell-value";
import { closestMatches } from "../closest";
import type { CallContext, Engine } from "../engine";
import { InvalidArgumentError, NotFoundError } from "../errors";
import { parseMarketNumber } from "../market/numbers";
import { asScalar, isBlank } from "./arguments";
import { LIST_SEPARATOR } from "./field";

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
