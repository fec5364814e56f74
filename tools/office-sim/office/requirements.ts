/** Office.context.requirements.isSetSupported, answering from a table of requirement sets and versions. */

// The sets the sim implements enough of; an override can simulate an older host (e.g. { ExcelApi: "1.9" }).
// INFERRED: CustomFunctionsRuntime is reported as 1.5 because the sim implements CustomFunctions.Error
// (1.2+) and isInValuePreview (1.5).
export const DEFAULT_REQUIREMENT_SETS: Record<string, string> = {
  ExcelApi: "1.17",
  SharedRuntime: "1.1",
  CustomFunctionsRuntime: "1.5",
  AddinCommands: "1.1",
};

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
}

export function createRequirements(sets: Record<string, string | null>): {
  isSetSupported(name: string, minVersion?: string | number): boolean;
} {
  const table = new Map(
    Object.entries(sets)
      .filter(([, v]) => v)
      .map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  return {
    isSetSupported(name, minVersion = "1.1") {
      const version = table.get(String(name).toLowerCase());
      return version !== undefined && compareVersions(version, String(minVersion)) >= 0;
    },
  };
}
