/**
 * The requirement sets a simulated host reports (Office.context.requirements.isSetSupported) and
 * that the rest of the sim obeys: an Excel API member above them fails with ApiNotFound, a data type
 * returned by a custom function below CustomFunctionsRuntime 1.4 shows #VALUE!. One table per host,
 * changed in place (the "oldest" profile learns its sets from the manifest after the page loads).
 */

/** "1.10" after "1.9": versions compare part by part, as numbers. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
}

export class RequirementSets {
  private readonly table = new Map<string, { name: string; version: string }>();

  constructor(sets: Record<string, string | null> = {}) {
    this.merge(sets);
  }

  /** Adds or changes sets; null removes one. */
  merge(sets: Record<string, string | null>): void {
    for (const [name, version] of Object.entries(sets)) {
      if (version) this.table.set(name.toLowerCase(), { name, version: String(version) });
      else this.table.delete(name.toLowerCase());
    }
  }

  replace(sets: Record<string, string | null>): void {
    this.table.clear();
    this.merge(sets);
  }

  version(name: string): string | undefined {
    return this.table.get(name.toLowerCase())?.version;
  }

  /** As Office.context.requirements.isSetSupported: no version means 1.1. */
  isSetSupported(name: string, minVersion: string | number = "1.1"): boolean {
    const version = this.version(String(name));
    return version !== undefined && compareVersions(version, String(minVersion)) >= 0;
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries([...this.table.values()].map(({ name, version }) => [name, version]));
  }
}
