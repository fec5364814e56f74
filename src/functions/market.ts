import { MARKETS, type Market } from "../api/market/schemas";
import { keyed } from "../core/analysis/function-definition";
import { marketKey } from "../core/loaders/market-loader";
import { parseMarketNumber } from "../core/market/numbers";
import { marketFormula } from "../core/functions/market";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

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
