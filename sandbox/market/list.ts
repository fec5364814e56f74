import { EMPLOYEE_BANDS, UNKNOWN_BAND } from "../product/insights";
import type { MarketCompany } from "./data";
import type { MarketSpec } from "./markets";

/**
 * `POST /v1/{market}/companies`: body validation and filtering. Wrong types are 400; MinEmployees
 * above MaxEmployees is 422 ("mutually exclusive"); a key or value the market does not know is not
 * an error but matches nothing (contract).
 */

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const KNOWN_KEYS = new Set([
  "NAICS",
  "Locations",
  "MinEmployees",
  "MaxEmployees",
  "Limit",
  "Offset",
  "IncludeTotalCount",
  "IncludeInsights",
]);

export interface MarketQuery {
  codes?: string[];
  locations?: string[];
  minEmployees?: number;
  maxEmployees?: number;
  limit: number;
  offset: number;
  includeTotal: boolean;
  includeInsights: boolean;
  /** A key or value this market does not know: the answer is an empty page. */
  unrecognised: boolean;
}

export type Parsed = { ok: true; query: MarketQuery } | { ok: false; status: 400 | 422; detail: string };

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

export function parseMarketQuery(spec: MarketSpec, body: Record<string, unknown>): Parsed {
  const bad = (detail: string): Parsed => ({ ok: false, status: 400, detail });
  const { NAICS, Locations, MinEmployees, MaxEmployees, Limit, Offset, IncludeTotalCount, IncludeInsights } = body;
  if (NAICS !== undefined && !isStrings(NAICS)) return bad("NAICS must be an array of strings.");
  if (Locations !== undefined && !isStrings(Locations)) return bad("Locations must be an array of strings.");
  for (const [name, v] of [
    ["MinEmployees", MinEmployees],
    ["MaxEmployees", MaxEmployees],
  ] as const)
    if (v !== undefined && !(isInt(v) && v >= 0)) return bad(`${name} must be a whole number of 0 or more.`);
  if (Limit !== undefined && !(isInt(Limit) && Limit >= 1 && Limit <= MAX_LIMIT))
    return bad(`Limit must be a whole number from 1 to ${MAX_LIMIT}.`);
  if (Offset !== undefined && !(isInt(Offset) && Offset >= 0))
    return bad("Offset must be a whole number of 0 or more.");
  for (const [name, v] of [
    ["IncludeTotalCount", IncludeTotalCount],
    ["IncludeInsights", IncludeInsights],
  ] as const)
    if (v !== undefined && typeof v !== "boolean") return bad(`${name} must be true or false.`);
  if (isInt(MinEmployees) && isInt(MaxEmployees) && MinEmployees > MaxEmployees)
    return {
      ok: false,
      status: 422,
      detail: "MinEmployees and MaxEmployees are mutually exclusive as given: MinEmployees is above MaxEmployees.",
    };
  const codes = NAICS as string[] | undefined;
  const locations = Locations as string[] | undefined;
  const unrecognised =
    Object.keys(body).some((k) => !KNOWN_KEYS.has(k)) ||
    (codes ?? []).some((c) => !spec.codes.some((x) => x.Code === c)) ||
    (locations ?? []).some((l) => !spec.regions.some((r) => r.Code === l));
  return {
    ok: true,
    query: {
      ...(codes ? { codes } : {}),
      ...(locations ? { locations } : {}),
      ...(isInt(MinEmployees) ? { minEmployees: MinEmployees } : {}),
      ...(isInt(MaxEmployees) ? { maxEmployees: MaxEmployees } : {}),
      limit: (Limit as number | undefined) ?? DEFAULT_LIMIT,
      offset: (Offset as number | undefined) ?? 0,
      includeTotal: IncludeTotalCount !== false,
      includeInsights: IncludeInsights !== false,
      unrecognised,
    },
  };
}

export function filterCompanies(companies: readonly MarketCompany[], q: MarketQuery): MarketCompany[] {
  if (q.unrecognised) return [];
  return companies.filter(
    (c) =>
      (!q.codes || c.NAICS.some((code) => q.codes!.includes(code))) &&
      (!q.locations || q.locations.includes(c.Region)) &&
      (q.minEmployees === undefined || c.Employees >= q.minEmployees) &&
      (q.maxEmployees === undefined || c.Employees <= q.maxEmployees),
  );
}

export function marketInsights(spec: MarketSpec, matched: readonly MarketCompany[]): Record<string, unknown> {
  const count = <K>(key: (c: MarketCompany) => K[]) => {
    const m = new Map<K, number>();
    for (const c of matched) for (const k of key(c)) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const byCode = count((c) => c.NAICS);
  const byRegion = count((c) => [c.Region]);
  const bands = count((c) => [EMPLOYEE_BANDS.find(([, upper]) => c.Employees < upper)?.[0] ?? UNKNOWN_BAND]);
  return {
    ByCode: [...byCode]
      .sort((a, b) => b[1] - a[1])
      .map(([Code, Count]) => ({
        Code,
        Description: spec.codes.find((c) => c.Code === Code)?.Description ?? "",
        Count,
      })),
    ByLocation: [...byRegion]
      .sort((a, b) => b[1] - a[1])
      .map(([Code, Count]) => ({ Code, Name: spec.regions.find((r) => r.Code === Code)?.Name ?? "", Count })),
    EmployeeBands: EMPLOYEE_BANDS.map(([Band]) => ({ Band, Count: bands.get(Band) ?? 0 })),
  };
}
