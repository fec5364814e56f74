/** Reading Excel arguments: scalars, optional values, 2-D ranges, and choices from a list. */
import { InvalidArgumentError } from "./errors";

/** Excel passes an omitted optional argument as null or undefined, and an empty cell as null or "". */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** A grid argument as rows of cells; a scalar becomes a 1×1 grid. */
export function asGrid(value: unknown): unknown[][] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [[null]];
    return value.map((row) => (Array.isArray(row) ? row : [row]));
  }
  return [[value]];
}

/** The single value of a scalar argument; a range where one value is expected is a #VALUE!. */
export function asScalar(value: unknown, label: string): unknown {
  if (!Array.isArray(value)) return value;
  const grid = asGrid(value);
  if (grid.length === 1 && grid[0]!.length === 1) return grid[0]![0];
  throw new InvalidArgumentError(`The ${label} must be a single cell or value, not a range.`);
}

/** One of `choices` (ignoring case), or `fallback` when blank. */
export function asChoice<T extends string>(value: unknown, choices: readonly T[], fallback: T, label: string): T {
  const scalar = asScalar(value, label);
  if (isBlank(scalar)) return fallback;
  const lower = String(scalar).trim().toLowerCase();
  const found = choices.find((choice) => choice === lower);
  if (!found)
    throw new InvalidArgumentError(
      `The ${label} must be one of ${choices.map((c) => `"${c}"`).join(", ")}; "${String(scalar).slice(0, 40)}" is not.`,
    );
  return found;
}

/** A whole number in [min, max], or `fallback` when blank. */
export function asCount(value: unknown, min: number, max: number, fallback: number, label: string): number {
  const scalar = asScalar(value, label);
  if (isBlank(scalar)) return fallback;
  const n = typeof scalar === "number" ? scalar : typeof scalar === "string" ? Number(scalar.trim()) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new InvalidArgumentError(`The ${label} must be a whole number from ${min} to ${max}.`);
  return n;
}
