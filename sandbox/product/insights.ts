import { type Dataset, FLAG, NO_THEME } from "../data/dataset";
import { NATION_NAMES, POSTCODE_AREAS } from "../data/postcodes";
import { SAMPLE_THEMES } from "../data/rtics";

/**
 * `insights` (CONTRACT-CHOICES): `{TotalCompanies, CompaniesByRTIC, TurnoverBands, EmployeeBands,
 * CompaniesByNation}`, aggregated over the whole matched set from the compact columns.
 */

/** INFERRED band edges. */
export const TURNOVER_BANDS: readonly [string, number][] = [
  ["Under £1m", 1e6],
  ["£1m to £10m", 1e7],
  ["£10m to £50m", 5e7],
  ["£50m and over", Infinity],
];
export const EMPLOYEE_BANDS: readonly [string, number][] = [
  ["1 to 9", 10],
  ["10 to 49", 50],
  ["50 to 249", 250],
  ["250 and over", Infinity],
];
export const UNKNOWN_BAND = "Unknown";

function bandIndex(bands: readonly [string, number][], value: number): number {
  return bands.findIndex(([, upper]) => value < upper);
}

function bandList(bands: readonly [string, number][], counts: Float64Array): { Band: string; Count: number }[] {
  return [
    ...bands.map(([Band], k) => ({ Band, Count: counts[k] ?? 0 })),
    { Band: UNKNOWN_BAND, Count: counts[bands.length] ?? 0 },
  ];
}

/** Counts by RTIC (primary and secondary), best first. */
export function rticCounts(
  ds: Dataset,
  indices: ArrayLike<number>,
): { Code: string; Description: string; Count: number }[] {
  const counts = new Float64Array(SAMPLE_THEMES.length);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k] ?? 0;
    counts[ds.theme[i] ?? 0]!++;
    const t2 = ds.theme2[i] ?? NO_THEME;
    if (t2 !== NO_THEME && t2 !== ds.theme[i]) counts[t2]!++;
  }
  return SAMPLE_THEMES.map((t, k) => ({ Code: t.code, Description: t.description, Count: counts[k] ?? 0 }))
    .filter((r) => r.Count > 0)
    .sort((a, b) => b.Count - a.Count);
}

export function sizeBands(
  ds: Dataset,
  indices: ArrayLike<number>,
): { TurnoverBands: { Band: string; Count: number }[]; EmployeeBands: { Band: string; Count: number }[] } {
  const turnover = new Float64Array(TURNOVER_BANDS.length + 1);
  const employees = new Float64Array(EMPLOYEE_BANDS.length + 1);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k] ?? 0;
    if (((ds.flags[i] ?? 0) & FLAG.HAS_ESTIMATE) === 0) {
      turnover[TURNOVER_BANDS.length]!++;
      employees[EMPLOYEE_BANDS.length]!++;
      continue;
    }
    turnover[bandIndex(TURNOVER_BANDS, ds.turnover[i] ?? 0)]!++;
    employees[bandIndex(EMPLOYEE_BANDS, ds.employees[i] ?? 0)]!++;
  }
  return { TurnoverBands: bandList(TURNOVER_BANDS, turnover), EmployeeBands: bandList(EMPLOYEE_BANDS, employees) };
}

export function insights(ds: Dataset, indices: ArrayLike<number>): Record<string, unknown> {
  const nations = new Map<string, number>(NATION_NAMES.map((n) => [n, 0]));
  for (let k = 0; k < indices.length; k++) {
    const nation = POSTCODE_AREAS[ds.area[indices[k] ?? 0] ?? 0]?.nation ?? "England";
    nations.set(nation, (nations.get(nation) ?? 0) + 1);
  }
  return {
    TotalCompanies: indices.length,
    CompaniesByRTIC: rticCounts(ds, indices),
    ...sizeBands(ds, indices),
    CompaniesByNation: [...nations].map(([Nation, Count]) => ({ Nation, Count })),
  };
}
