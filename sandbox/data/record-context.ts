import { prefixOfCode } from "./company-number";
import {
  type Dataset,
  FLAG,
  NO_THEME,
  STATUS,
  STATUS_LABELS,
  companyNumberOf,
  dayToIso,
  domainOf,
  hasFlag,
} from "./dataset";
import { REFERENCE_DATE } from "./incorporation";
import { type PostcodeArea, areaAt, makePostcode } from "./postcodes";
import { type Rng, mixSeed, mulberry32 } from "./prng";
import { type Theme, themeAt } from "./rtics";

/** What every part of a lazily built company record needs to know about the company. */
export interface CompanyContext {
  readonly ds: Dataset;
  readonly i: number;
  readonly number: string;
  readonly name: string;
  readonly prefix: string;
  readonly theme: Theme;
  readonly theme2: Theme | null;
  readonly area: PostcodeArea;
  readonly postcode: string;
  readonly statusLabel: string;
  readonly dissolved: boolean;
  readonly incorporatedDay: number;
  readonly incorporated: string;
  readonly ageDays: number;
  readonly employees: number;
  readonly turnover: number;
  readonly hasEstimate: boolean;
  readonly domain: string | null;
  /** A random stream for one part of the record; parts never disturb each other's values. */
  rng(salt: number): Rng;
}

export const REFERENCE_DAY = Math.floor(REFERENCE_DATE / 86_400_000);

/** The registered postcode depends only on seed and index, so the matcher can read it cheaply. */
export function registeredPostcodeOf(ds: Dataset, i: number): string {
  const r = mulberry32(mixSeed(ds.seed, i, 0x9057));
  return makePostcode(areaAt(ds.area[i] ?? 0), Math.floor(r() * 40), Math.floor(r() * 10), Math.floor(r() * 361));
}

export function makeContext(ds: Dataset, i: number): CompanyContext {
  const code = ds.numberCodes[i] ?? 0;
  const status = ds.status[i] ?? STATUS.ACTIVE;
  const t2 = ds.theme2[i] ?? NO_THEME;
  const day = ds.incorporatedDay[i] ?? 0;
  return {
    ds,
    i,
    number: companyNumberOf(ds, i),
    name: ds.names[i] ?? "",
    prefix: prefixOfCode(code),
    theme: themeAt(ds.theme[i] ?? 0),
    theme2: t2 === NO_THEME ? null : themeAt(t2),
    area: areaAt(ds.area[i] ?? 0),
    postcode: registeredPostcodeOf(ds, i),
    statusLabel: STATUS_LABELS[status]?.product ?? "Active",
    dissolved: status === STATUS.DISSOLVED,
    incorporatedDay: day,
    incorporated: dayToIso(day),
    ageDays: Math.max(0, REFERENCE_DAY - day),
    employees: ds.employees[i] ?? 1,
    turnover: ds.turnover[i] ?? 0,
    hasEstimate: hasFlag(ds, i, FLAG.HAS_ESTIMATE),
    domain: domainOf(ds, i),
    rng: (salt) => mulberry32(mixSeed(ds.seed, i, salt)),
  };
}

/** Title case for names shown in prose ("HARGREAVES ENGINEERING LIMITED" → "Hargreaves Engineering Limited"). */
const titled = new Map<string, string>();

export function titleCase(upper: string): string {
  const known = titled.get(upper);
  if (known !== undefined) return known;
  const out = upper
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\b(Llp|Plc|Uk|Ai|Ev|Pr|Tv|H2)\b/g, (w) => w.toUpperCase());
  if (titled.size < 10_000) titled.set(upper, out);
  return out;
}

export function isoDateTime(day: number): string {
  return `${dayToIso(day)}T00:00:00Z`;
}
