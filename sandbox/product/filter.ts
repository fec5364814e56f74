import { type Dataset, STATUS_LABELS, indexOfNumber } from "../data/dataset";
import { POSTCODE_AREAS } from "../data/postcodes";
import { SAMPLE_THEMES } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";

/**
 * The filter of `POST /v2/companies` and explore lists. Every field present narrows the result
 * (intersection, CONTRACT-CHOICES); within a field any listed value matches. An unknown code simply
 * matches nothing. Results come in company-number order, so paging is stable.
 */
export interface CompanyFilter {
  rtics?: readonly string[];
  cics?: readonly string[];
  /** INFERRED: matches a company's primary SIC (the first of its `SICs`). */
  SICs?: readonly string[];
  CompanyStatus?: readonly string[];
  PostcodeAreas?: readonly string[];
  Nations?: readonly string[];
  /** Company indices from `CompanyNumbers` or an uploaded set; undefined means "all companies". */
  only?: Int32Array;
}

export const FILTER_FIELDS = ["rtics", "cics", "SICs", "CompanyStatus", "PostcodeAreas", "Nations"] as const;

function mask(size: number, hits: (k: number) => boolean): Uint8Array {
  const m = new Uint8Array(size);
  for (let k = 0; k < size; k++) m[k] = hits(k) ? 1 : 0;
  return m;
}

/** Indices of the companies with these numbers (exact match; unknown numbers are ignored), deduplicated. */
export function indicesOfNumbers(ds: Dataset, numbers: readonly string[]): Int32Array {
  const seen = new Set<number>();
  for (const n of numbers) {
    const i = indexOfNumber(ds, n);
    if (i >= 0) seen.add(i);
  }
  const out = Int32Array.from(seen);
  out.sort((a, b) => (ds.numberCodes[a] ?? 0) - (ds.numberCodes[b] ?? 0));
  return out;
}

type Test = (i: number) => boolean;

function buildTests(ds: Dataset, f: CompanyFilter): Test[] {
  const tests: Test[] = [];
  if (f.rtics) {
    const m = mask(SAMPLE_THEMES.length, (k) => f.rtics!.includes(SAMPLE_THEMES[k]!.code));
    tests.push((i) => m[ds.theme[i] ?? 0] === 1 || m[ds.theme2[i] ?? 255] === 1);
  }
  if (f.cics) {
    const m = mask(SAMPLE_THEMES.length, (k) => f.cics!.includes(SAMPLE_THEMES[k]!.cic));
    tests.push((i) => m[ds.theme[i] ?? 0] === 1);
  }
  if (f.SICs) {
    const m = mask(SIC_CODES.length, (k) => f.SICs!.includes(SIC_CODES[k]!.code));
    tests.push((i) => m[ds.sic[i] ?? 0] === 1);
  }
  if (f.CompanyStatus) {
    const m = mask(STATUS_LABELS.length, (k) => f.CompanyStatus!.includes(STATUS_LABELS[k]!.product));
    tests.push((i) => m[ds.status[i] ?? 0] === 1);
  }
  if (f.PostcodeAreas || f.Nations) {
    const m = mask(POSTCODE_AREAS.length, (k) => {
      const a = POSTCODE_AREAS[k]!;
      return (!f.PostcodeAreas || f.PostcodeAreas.includes(a.area)) && (!f.Nations || f.Nations.includes(a.nation));
    });
    tests.push((i) => m[ds.area[i] ?? 0] === 1);
  }
  return tests;
}

/** The full matched set (not a page), in company-number order. */
export function matchCompanies(ds: Dataset, f: CompanyFilter): Int32Array {
  const tests = buildTests(ds, f);
  const source = f.only ?? ds.byNumber;
  if (tests.length === 0) return f.only ? source : source.slice();
  const out = new Int32Array(source.length);
  let n = 0;
  outer: for (let k = 0; k < source.length; k++) {
    const i = source[k] ?? 0;
    for (const t of tests) if (!t(i)) continue outer;
    out[n++] = i;
  }
  return out.subarray(0, n);
}
