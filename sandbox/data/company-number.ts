/**
 * UK company numbers stored as one int32 each: prefix rank * 1e8 + digits. Prefix ranks follow
 * string order ("" < "FC" < "NC" < ...), so sorting the codes sorts the number strings too.
 */

/** Prefixes in string order; "" is England and Wales (8 digits, leading zeros kept). */
export const NUMBER_PREFIXES = ["", "FC", "NC", "NI", "OC", "R0", "SC", "SO"] as const;
export type NumberPrefix = (typeof NUMBER_PREFIXES)[number];

const SCALE = 100_000_000;

export function encodeNumber(prefix: NumberPrefix, digits: number): number {
  return NUMBER_PREFIXES.indexOf(prefix) * SCALE + digits;
}

export function prefixOfCode(code: number): NumberPrefix {
  return NUMBER_PREFIXES[Math.floor(code / SCALE)] ?? "";
}

export function formatNumber(code: number): string {
  const rank = Math.floor(code / SCALE);
  const digits = code % SCALE;
  if (rank === 0) return String(digits).padStart(8, "0");
  return `${NUMBER_PREFIXES[rank] ?? "??"}${String(digits).padStart(6, "0")}`;
}

/** Exact parse (no normalising: the client sends normalised numbers); null for anything else. */
export function parseNumber(text: string): number | null {
  if (/^\d{8}$/.test(text)) return Number(text);
  const m = /^([A-Z][A-Z0-9])(\d{6})$/.exec(text);
  if (!m) return null;
  const rank = NUMBER_PREFIXES.indexOf(m[1] as NumberPrefix);
  return rank > 0 ? rank * SCALE + Number(m[2]) : null;
}

/** Company indices in number order, and the codes in that order (for binary search). Codes are unique. */
export function sortByNumber(codes: Int32Array): { byNumber: Int32Array; sortedCodes: Int32Array } {
  // Pack code and index into one float64 (code < 2^30, index < 2^21) so a native typed-array sort does it.
  const shift = 2 ** 21;
  const keys = new Float64Array(codes.length);
  codes.forEach((code, i) => (keys[i] = code * shift + i));
  keys.sort();
  const byNumber = new Int32Array(codes.length);
  const sortedCodes = new Int32Array(codes.length);
  keys.forEach((k, pos) => {
    byNumber[pos] = k % shift;
    sortedCodes[pos] = Math.floor(k / shift);
  });
  return { byNumber, sortedCodes };
}
