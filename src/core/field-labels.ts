/**
 * The company record's fields in the analyst's words: a label with its unit, written by us from
 * the contract's meaning of each field, the Excel number format its values are shown in (as the
 * tearsheet shows them), and whether the builder recommends it. Paths are as UKCO.FIELD takes them;
 * an item of a list is labelled by the list's words and the item's (`Filed accounts: turnover (£)`).
 * A field this table does not name is labelled from its own name's words, so a field the service
 * adds later still reads as words, and shown in the format its kind in the catalogue suggests.
 *
 * The labels are for people: headers, the pane, reports. Formulas keep the field names, which do
 * not change when a label is reworded.
 */
import { resolveFieldPath } from "./field-path";
import { nameWords } from "./field-words";

/** How a field's values are shown in a cell. */
export type ValueFormat = "money" | "money-millions" | "count" | "percent" | "decimal" | "date" | "date-time" | "text";

/** The Excel number format of each kind of value; text keeps the cell's own. */
export const NUMBER_FORMATS: Readonly<Record<ValueFormat, string | undefined>> = {
  money: "#,##0",
  "money-millions": "#,##0.0",
  count: "#,##0",
  percent: "0.0",
  decimal: "0.00",
  date: "d mmm yyyy",
  "date-time": "d mmm yyyy hh:mm",
  text: undefined,
};

interface Words {
  label: string;
  format?: ValueFormat;
  recommended?: boolean;
}

const w = (label: string, format?: ValueFormat, recommended = false): Words => ({
  label,
  ...(format ? { format } : {}),
  ...(recommended ? { recommended } : {}),
});

/** Top-level fields and members of single objects, by path without list indexes. */
const FIELDS: Readonly<Record<string, Words>> = {
  CompanyNumber: w("Company number", "text", true),
  CompanyName: w("Registered name", "text", true),
  CompanyStatus: w("Status", "text", true),
  CompanyCategory: w("Company type", "text", true),
  CompanyNation: w("Nation", "text"),
  CountryOfOrigin: w("Country of origin", "text"),
  CompanyDescription: w("Description (from its website)", "text", true),
  Homepage_domain: w("Website", "text", true),
  RegisteredAddress: w("Registered address", "text", true),
  RegisteredPostcode: w("Registered postcode", "text", true),
  IncorporationDate: w("Incorporated on", "date", true),
  SICs: w("SIC codes", "text", true),
  BestEstimateTurnover: w("Turnover, best estimate (£)", "money", true),
  BestEstimateEmployees: w("Employees, best estimate", "count", true),
  BestEstimateUKEmployees: w("UK employees, best estimate", "count", true),
  BestEstimateEBITDA: w("EBITDA, best estimate (£)", "money", true),
  EstimatedGVA: w("Gross value added, estimated (£)", "money"),
  EstimatedUKGVA: w("UK gross value added, estimated (£)", "money"),
  NumberOfCurrentDirectors: w("Directors now", "count", true),
  NumberOfCurrentOfficers: w("Officers now", "count"),
  LatestRoundType: w("Latest funding round: type", "text", true),
  LatestRoundAmount: w("Latest funding round: amount (£)", "money", true),
  LatestRoundDate: w("Latest funding round: date", "date", true),
  LatestRoundValuation: w("Latest funding round: valuation (£)", "money"),
  GroupCompanyId: w("Group id", "text"),
  UltimateLinkedCompanyNumber: w("Ultimate parent: company number", "text"),
  UltimateUKParentCompanyNames: w("Ultimate UK parent: name", "text", true),
  UltimateUKParentCompanyNumbers: w("Ultimate UK parent: company number", "text"),
  ParentNation: w("Parent's nation", "text"),
  UltimateParentNation: w("Ultimate parent's nation", "text"),
  InnovationScore: w("Innovation score", "decimal"),
  TonnesOfC02equivGHGPerYear: w("Greenhouse gas a year (tonnes CO₂e)", "count"),
  SpinoutDate: w("Spun out on", "date"),
  GenderLedCategory: w("Led by (directors' gender)", "text"),
  GenderFoundedCategory: w("Founded by (founders' gender)", "text"),
  AccountsOverdueByMoreThanAYear: w("Accounts overdue over a year", "text"),
  HasBeenAcquired: w("Has been acquired", "text"),
  HasMadeAcquisitions: w("Has made acquisitions", "text"),
  HasIPO: w("Has listed (IPO)", "text"),
  HighGrowth: w("High growth", "text"),
  IsLikelySPV: w("Likely a special purpose vehicle", "text"),
  IsLikelyAgency: w("Likely an agency", "text"),
  IsLikelyCompanyFormationAgent: w("Likely a company formation agent", "text"),
  EmailAddresses: w("Email addresses", "text"),
  PhoneNumbers: w("Phone numbers", "text"),
  LinkedCompanyNumbers: w("Linked companies: numbers", "text"),
  "CompanyGrowthTrends.BestEstimateCurrentTurnover": w("Turnover now, best estimate (£)", "money"),
  "CompanyGrowthTrends.BestEstimateCurrentEmployees": w("Employees now, best estimate", "count"),
  "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear": w("Turnover growth a year (%)", "percent", true),
  "CompanyGrowthTrends.BestEstimateEmployeeGrowthPercentagePerYear": w("Employee growth a year (%)", "percent", true),
  "CompanyGrowthTrends.BestEstimateGrowthPercentagePerYear": w("Growth a year, best estimate (%)", "percent"),
  "CompanyGrowthTrends.BestEstimatedTurnoverToEmployeeRatio": w("Turnover per employee (£)", "money"),
  "CompanyGrowthTrends.CompanyAgeInDays": w("Age (days)", "count"),
  "CompanyGrowthTrends.CompanySizeEstimate": w("Size band", "text", true),
};

/** Lists of objects (and objects) by name, as the words before an item's own. */
const GROUPS: Readonly<Record<string, string>> = {
  CompanyFinancials_Vendor: "Filed accounts",
  CompanyGrowthTrends: "Growth",
  Investment: "Funding rounds",
  VendorFunding: "Funding rounds (older form)",
  AgencyFunding: "Innovation agency projects",
  _GrantsFunding: "Grants",
  LocationDetails: "Locations",
  Officers: "Officers",
  RSICs: "Industry codes (RSIC)",
  RTICs: "Industry codes (RTIC)",
  CICs: "Custom industry codes (CIC)",
  SimilarCompanies: "Similar companies",
  SimilarCompositeCompanies: "Similar companies (composite)",
  IS8Codes: "Industrial strategy sectors",
  URLMatchStats: "Website match",
  WomenLedStats: "Directors and founders by gender",
  CompanyJobPostings: "Job postings by occupation",
  ESGStatementAnchors: "ESG statements",
};

/** Items of a list whose words and unit the item's name does not give. */
const ITEMS: Readonly<Record<string, Words>> = {
  TURNOVER: w("turnover (£)", "money"),
  EBITDA: w("EBITDA (£)", "money"),
  OPERATING_PROFIT: w("operating profit (£)", "money"),
  PRE_TAX_PROFIT: w("profit before tax (£)", "money"),
  PROFIT_AFTER_TAX: w("profit after tax (£)", "money"),
  NET_ASSETS: w("net assets (£)", "money"),
  NET_WORTH: w("net worth (£)", "money"),
  TOTAL_ASSETS: w("total assets (£)", "money"),
  TOTAL_LIABILITIES: w("total liabilities (£)", "money"),
  CASH: w("cash (£)", "money"),
  WAGES_AND_SALARIES: w("wages and salaries (£)", "money"),
  EXPORT: w("exports (£)", "money"),
  NUMBER_OF_EMPLOYEES: w("employees", "count"),
  YEAR: w("year", "text"),
  MADE_UPTO_DATE: w("made up to", "date"),
  MADE_FROM_DATE: w("made from", "date"),
  RoundAmount_GBP_Million: w("round amount (£m)", "money-millions"),
  TotalInvestmentRaised_GBP_Million: w("total raised (£m)", "money-millions"),
  RoundDate: w("round date", "date"),
  Similarity: w("similarity", "decimal"),
  CompanyTwo: w("company number", "text"),
};

/** Looked up ignoring case, as UKCO.FIELD reads paths. */
const lowerKeys = <T>(table: Readonly<Record<string, T>>) =>
  new Map(Object.entries(table).map(([key, value]) => [key.toLowerCase(), value]));
const FIELDS_BY_LOWER = lowerKeys(FIELDS);
const GROUPS_BY_LOWER = lowerKeys(GROUPS);
const ITEMS_BY_LOWER = lowerKeys(ITEMS);

/** `CompanyFinancials_Vendor[0].TURNOVER` → `CompanyFinancials_Vendor.TURNOVER`. */
const withoutIndexes = (path: string) => path.trim().replace(/\[\d+\]/g, "");

const sentence = (words: string[]) => {
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function wordsOf(path: string): Words {
  const bare = withoutIndexes(path);
  const known = FIELDS_BY_LOWER.get(bare.toLowerCase());
  if (known) return known;
  const steps = bare.split(".");
  const own = steps.at(-1) ?? bare;
  const item = ITEMS_BY_LOWER.get(own.toLowerCase());
  const ownWords = item ?? w(nameWords(own).join(" "));
  const group = GROUPS_BY_LOWER.get(own.toLowerCase());
  if (steps.length === 1) return { ...ownWords, label: group ?? sentence([ownWords.label]) };
  const groups = steps.slice(0, -1).map((step) => GROUPS_BY_LOWER.get(step.toLowerCase()) ?? sentence(nameWords(step)));
  return { ...ownWords, label: `${groups.join(", ")}: ${ownWords.label}` };
}

/** "Turnover, best estimate (£)" for `BestEstimateTurnover`. */
export function fieldLabel(path: string): string {
  return wordsOf(path).label;
}

/**
 * INFERRED (ours): which numbers the tables above leave unnamed are pounds. The contract types them
 * only as numbers; these names are sums of money (GVA, salaries, awards, balance-sheet lines).
 * Growth rates, ratios, probabilities and figures in millions are not.
 */
const MONEY =
  /turnover|ebitda|gva|amount|valuation|salary|costs|spend|award|profit|cash|assets|liabilities|debtors|creditors|overdraft|net_worth|shareholder_funds|wages|^export$/i;
const NOT_MONEY = /percentage|ratio|probability|anomalous|million|growth/i;
const COUNT = /^(Number|Count|Postings|Employees|UniquePostings)|EMPLOYEES$/;

/** For a field the tables do not format: its kind in the record's catalogue, so a date the service adds later is still a date. */
function formatOfKind(path: string): ValueFormat | undefined {
  let resolved;
  try {
    resolved = resolveFieldPath(path);
  } catch {
    return undefined;
  }
  const kind = resolved.kind.replace("[]", "");
  if (kind === "date") return "date";
  if (kind === "datetime") return "date-time";
  if (kind !== "number" && kind !== "integer") return undefined;
  const name = resolved.info.name;
  if (MONEY.test(name) && !NOT_MONEY.test(name)) return "money";
  return kind === "integer" || COUNT.test(name) ? "count" : undefined;
}

/** The Excel number format a field's values are shown in, when they have one. */
export function fieldNumberFormat(path: string): string | undefined {
  const format = wordsOf(path).format ?? formatOfKind(path);
  return NUMBER_FORMATS[format ?? "text"];
}

export function isRecommendedField(path: string): boolean {
  return wordsOf(path).recommended === true;
}

/** A path through a list (`Officers[0].Surname`): the builder keeps these under "More fields". */
export function isListPath(path: string): boolean {
  return /\[\d+\]/.test(path);
}
