/** The words of a field name, for searching and for labels. */

/** `BestEstimateTurnover` → best, estimate, turnover; `TURNOVER_ANOMALOUS` → turnover, anomalous. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}
