import { normaliseName } from "../matching/normalise";
import { type Dataset, FLAG, STATUS_LABELS, companyNumberOf, domainOf } from "./dataset";
import { type CompanyRecord, buildRecord } from "./record";

/**
 * Admin patches to company records, so end-to-end tests can change the sandbox data and see a
 * refresh pick it up. Fields that filtering, matching or website lookup read are written through to
 * the compact columns and indexes; every other field is laid over the built record. Each change is
 * logged for `CompanyChanges`, and `reset` puts the generated data back.
 */

export interface CompanyChange {
  CompanyNumber: string;
  Field: string;
  OldValue: unknown;
  NewValue: unknown;
  ChangedAt: string;
}

interface Original {
  name: string;
  status: number;
  flags: number;
  turnover: number;
  employees: number;
  domain: string | null;
  domainFixed: string | null | undefined;
}

export class CompanyPatches {
  private readonly overlays = new Map<number, Record<string, unknown>>();
  private readonly originals = new Map<number, Original>();
  private readonly log = new Map<number, CompanyChange[]>();
  /** Companies renamed since start, which the matcher's static token index does not know by name. */
  readonly renamed = new Set<number>();
  /**
   * Bumped by every patch and by a reset that undid one. A record reads other companies too (group
   * members' names, twins, brands' domains), so caches of built records drop everything when it moves.
   */
  generation = 0;

  constructor(private readonly ds: Dataset) {}

  record(i: number): CompanyRecord {
    const record = buildRecord(this.ds, i);
    const overlay = this.overlays.get(i);
    if (overlay) {
      for (const [field, value] of Object.entries(overlay)) {
        if (value === null) delete record[field];
        else record[field] = value;
      }
    }
    return record;
  }

  changesOf(i: number): CompanyChange[] {
    return this.log.get(i) ?? [];
  }

  /** Applies `fields` (null removes a field) and returns the changes it made. */
  patch(i: number, fields: Record<string, unknown>, nowIso: string): CompanyChange[] {
    const before = this.record(i);
    this.generation += 1;
    this.remember(i);
    for (const [field, value] of Object.entries(fields)) this.writeThrough(i, field, value);
    const overlay = { ...(this.overlays.get(i) ?? {}), ...fields };
    this.overlays.set(i, overlay);
    const changes = Object.entries(fields)
      .filter(([field, value]) => JSON.stringify(before[field] ?? null) !== JSON.stringify(value))
      .map(([field, value]) => ({
        CompanyNumber: companyNumberOf(this.ds, i),
        Field: field,
        OldValue: before[field] ?? null,
        NewValue: value,
        ChangedAt: nowIso,
      }));
    this.log.set(i, [...this.changesOf(i), ...changes]);
    return changes;
  }

  reset(): void {
    const ds = this.ds;
    if (this.overlays.size > 0 || this.originals.size > 0) this.generation += 1;
    for (const [i, o] of this.originals) {
      this.rename(i, o.name);
      ds.status[i] = o.status;
      ds.flags[i] = o.flags;
      ds.turnover[i] = o.turnover;
      ds.employees[i] = o.employees;
      this.setDomain(i, o.domain);
      if (o.domainFixed === undefined) ds.domainOverrides.delete(i);
      else ds.domainOverrides.set(i, o.domainFixed);
    }
    this.originals.clear();
    this.overlays.clear();
    this.log.clear();
    this.renamed.clear();
  }

  private remember(i: number): void {
    const ds = this.ds;
    if (this.originals.has(i)) return;
    this.originals.set(i, {
      name: ds.names[i] ?? "",
      status: ds.status[i] ?? 0,
      flags: ds.flags[i] ?? 0,
      turnover: ds.turnover[i] ?? 0,
      employees: ds.employees[i] ?? 0,
      domain: domainOf(ds, i),
      domainFixed: ds.domainOverrides.get(i),
    });
  }

  private writeThrough(i: number, field: string, value: unknown): void {
    const ds = this.ds;
    if (field === "CompanyName" && typeof value === "string") {
      ds.domainOverrides.set(i, domainOf(ds, i));
      this.rename(i, value);
      this.renamed.add(i);
    } else if (field === "CompanyStatus" && typeof value === "string") {
      const code = STATUS_LABELS.findIndex((s) => s.product === value || s.register === value);
      if (code >= 0) ds.status[i] = code;
    } else if (field === "BestEstimateTurnover" || field === "BestEstimateEmployees") {
      if (typeof value === "number") {
        if (field === "BestEstimateTurnover") ds.turnover[i] = value;
        else ds.employees[i] = value;
        ds.flags[i] = (ds.flags[i] ?? 0) | FLAG.HAS_ESTIMATE;
      } else if (value === null) ds.flags[i] = (ds.flags[i] ?? 0) & ~FLAG.HAS_ESTIMATE;
    } else if (field === "Homepage_domain" && (typeof value === "string" || value === null)) {
      this.setDomain(i, value);
    }
  }

  private rename(i: number, name: string): void {
    const ds = this.ds;
    const old = ds.names[i] ?? "";
    if (old === name) return;
    ds.nameIndex.remove(i, normaliseName(old));
    ds.names[i] = name;
    ds.nameIndex.add(i, normaliseName(name));
  }

  private setDomain(i: number, domain: string | null): void {
    const ds = this.ds;
    const old = domainOf(ds, i);
    if (old === domain) return;
    if (old !== null) ds.domainIndex.remove(i, old);
    ds.domainOverrides.set(i, domain);
    if (domain !== null) ds.domainIndex.add(i, domain);
  }
}
