/** Reads `companies[0].Officers[1].DOB`-style paths out of a value (also `length`, `[0].x`). */
export function readPath(value: unknown, path: string): unknown {
  const parts = [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : (m[2] as string),
  );
  let current: unknown = value;
  for (const part of parts) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** True when every key of `expected` is deep-equal in `actual` (recursively a subset for objects). */
export function isSubset(actual: unknown, expected: unknown): boolean {
  if (expected && typeof expected === "object" && !Array.isArray(expected)) {
    if (!actual || typeof actual !== "object") return false;
    return Object.entries(expected).every(([k, v]) => isSubset((actual as Record<string, unknown>)[k], v));
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}
