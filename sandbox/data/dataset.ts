import { formatNumber, parseNumber } from "./company-number";
import type { StringIndex } from "./string-index";

/**
 * The compact, column-per-field store of generated companies. Only what filtering, matching and
 * aggregation need is held here (a few dozen bytes a company); full records are built on request
 * by record.ts, deterministically from the seed and the company's index.
 */

export const STATUS = {
  ACTIVE: 0,
  DISSOLVED: 1,
  STRIKE_OFF: 2,
  LIQUIDATION: 3,
  ADMINISTRATION: 4,
  DORMANT: 5,
} as const;

/** Product-API label and the register wording the matching service reports, per status code. */
export const STATUS_LABELS: readonly { readonly product: string; readonly register: string }[] = [
  { product: "Active", register: "Active" },
  { product: "Dissolved", register: "Struck off (Dissolved)" },
  { product: "Active - Proposal to Strike off", register: "Active - but in an unusual state (proposal to strike off)" },
  { product: "Liquidation", register: "Active - but in an unusual state (liquidation)" },
  { product: "In Administration", register: "Active - but in an unusual state (administration)" },
  { product: "Active - Dormant", register: "Active - but in an unusual state (dormant accounts)" },
];

export const FLAG = {
  HAS_ESTIMATE: 1,
  HAS_WEBSITE: 2,
  INHERITED_WEBSITE: 4,
  TWIN: 8,
  NEAR_DUPLICATE: 16,
  FUNDED: 32,
  HIGH_GROWTH: 64,
} as const;

export const NO_THEME = 255;

export interface GroupInfo {
  readonly id: number;
  /** Index of the ultimate parent; members occupy indices root .. root + size - 1. */
  readonly root: number;
  readonly size: number;
  readonly brand: string;
}

export interface Dataset {
  readonly seed: number;
  readonly size: number;
  readonly names: string[];
  readonly numberCodes: Int32Array;
  readonly status: Uint8Array;
  readonly theme: Uint8Array;
  readonly theme2: Uint8Array;
  readonly sic: Uint16Array;
  readonly area: Uint8Array;
  readonly flags: Uint8Array;
  /** The generator's view of size; exposed as BestEstimate* only when FLAG.HAS_ESTIMATE is set. */
  readonly employees: Int32Array;
  readonly turnover: Float64Array;
  /** Days since 1970-01-01. */
  readonly incorporatedDay: Int32Array;
  readonly groupOf: Int32Array;
  readonly parentOf: Int32Array;
  readonly level: Uint8Array;
  readonly groups: GroupInfo[];
  /** Company indices in company-number order, and their codes in the same order (for lookup). */
  readonly byNumber: Int32Array;
  readonly sortedCodes: Int32Array;
  readonly nameIndex: StringIndex;
  readonly domainIndex: StringIndex;
  /** Domains fixed by an admin patch or kept through a rename; null means "no website". */
  readonly domainOverrides: Map<number, string | null>;
}

export function companyNumberOf(ds: Dataset, i: number): string {
  return formatNumber(ds.numberCodes[i] ?? 0);
}

/** Position in `byNumber` of the first code >= `code`. */
export function lowerBound(ds: Dataset, code: number): number {
  let lo = 0;
  let hi = ds.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ds.sortedCodes[mid] ?? 0) < code) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the company with exactly this number, or -1. */
export function indexOfNumber(ds: Dataset, number: string): number {
  const code = parseNumber(number);
  if (code === null) return -1;
  const pos = lowerBound(ds, code);
  return ds.sortedCodes[pos] === code ? (ds.byNumber[pos] ?? -1) : -1;
}

export function isActive(ds: Dataset, i: number): boolean {
  return ds.status[i] !== STATUS.DISSOLVED;
}

export function hasFlag(ds: Dataset, i: number, flag: number): boolean {
  return ((ds.flags[i] ?? 0) & flag) !== 0;
}

export function groupRootOf(ds: Dataset, i: number): number {
  const g = ds.groupOf[i] ?? -1;
  return g < 0 ? -1 : (ds.groups[g]?.root ?? -1);
}

const TLDS = [".co.uk", ".co.uk", ".co.uk", ".com", ".com", ".uk", ".io", ".co.uk"];

/** The company's website domain, or null; group members may inherit the ultimate parent's. */
export function domainOf(ds: Dataset, i: number): string | null {
  const fixed = ds.domainOverrides.get(i);
  if (fixed !== undefined) return fixed;
  if (!hasFlag(ds, i, FLAG.HAS_WEBSITE)) return null;
  if (hasFlag(ds, i, FLAG.INHERITED_WEBSITE)) {
    const root = groupRootOf(ds, i);
    if (root >= 0 && root !== i) return domainOf(ds, root);
  }
  return domainFromName(ds.names[i] ?? "", i);
}

function domainFromName(name: string, i: number): string {
  const core = name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/\b(the|limited|ltd|plc|llp)\b/g, "")
    .replace(/[^a-z0-9]/g, "");
  return `${core || "company"}${TLDS[i % TLDS.length]}`;
}

const isoDays = new Map<number, string>();

/** `YYYY-MM-DD` of a day number; memoised, as records format the same few thousand days again and again. */
export function dayToIso(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (isoDays.size < 100_000) isoDays.set(day, iso);
  }
  return iso;
}
