import type { CompanyRecord } from "../data/record";

/**
 * The list envelope's job-posting aggregates (behind `jobdata:read`), computed over the companies of
 * the page. Items are `{Key, Count?, Value?}` (CONTRACT-CHOICES): Count sums postings, Value
 * averages salaries or durations.
 */

type Item = { Key: string; Count?: number; Value?: number };
type Extract = (record: CompanyRecord) => { key: string; count?: number; value?: number }[];

const rows = (record: CompanyRecord, field: string): Record<string, unknown>[] =>
  Array.isArray(record[field]) ? (record[field] as Record<string, unknown>[]) : [];
const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

const soc =
  (key: string, mode: "count" | "salary"): Extract =>
  (r) =>
    rows(r, "CompanyJobPostings").map((p) => ({
      key: str(p[key]),
      ...(mode === "count" ? { count: num(p.Postings) } : { value: num(p.MedianSalary) }),
    }));
const lot =
  (mode: "count" | "salary"): Extract =>
  (r) =>
    rows(r, "CompanyJobPostingsByLot").map((p) => ({
      key: str(p.LotName),
      ...(mode === "count" ? { count: num(p.Postings) } : { value: num(p.MedianSalary) }),
    }));
const skill =
  (mode: "count" | "duration"): Extract =>
  (r) =>
    rows(r, "CompanyJobPostingsBySkill").map((p) => ({
      key: str(p.SkillName),
      ...(mode === "count" ? { count: num(p.UniquePostings) } : { value: num(p.MedianPostingDuration) }),
    }));
const byCode =
  (field: "RTICs" | "CICs", vertical: boolean): Extract =>
  (r) => {
    const total = rows(r, "CompanyJobPostings").reduce((s, p) => s + num(p.Postings), 0);
    return total === 0
      ? []
      : rows(r, field).map((c) => ({ key: str(vertical ? (c.VerticalName ?? c.Description) : c.Code), count: total }));
  };
const overTime =
  (field: string): Extract =>
  (r) => {
    const o = r.CompanyJobPostingsOverTime as Record<string, unknown> | undefined;
    return (Array.isArray(o?.[field]) ? (o[field] as Record<string, unknown>[]) : []).map((p) => ({
      key: new Date(num(p.Timestamp)).toISOString().slice(0, 7),
      count: num(p.Count),
    }));
  };

const AGGREGATES: Readonly<Record<string, Extract>> = {
  JobPostingsBySOC4Code: soc("SOC4Code", "count"),
  JobPostingsBySOC4Name: soc("SOC4Name", "count"),
  JobPostingsByLotName: lot("count"),
  AverageAdvertisedSalaryBySOC4Code: soc("SOC4Code", "salary"),
  AverageAdvertisedSalaryBySOC4Name: soc("SOC4Name", "salary"),
  AverageAdvertisedSalaryByLotName: lot("salary"),
  JobPostingsBySkill: skill("count"),
  AveragePostingDurationBySkill: skill("duration"),
  RTICJobPostings: byCode("RTICs", false),
  RTICVerticalJobPostings: byCode("CICs", true),
  CICJobPostings: byCode("CICs", false),
  CICVerticalJobPostings: byCode("CICs", true),
  CompanyJobPostingsOverTimeBySOC4: overTime("CompanyJobPostingsOverTimeBySoc4"),
  CompanyJobPostingsOverTimeByLOT: overTime("CompanyJobPostingsOverTimeByLot"),
  JobPostingsByCommonSkill: skill("count"),
  AveragePostingDurationByCommonSkill: skill("duration"),
  JobPostingsByCertificationsSkill: () => [],
  AveragePostingDurationByCertificationsSkill: () => [],
  JobPostingsBySpecializedSkill: skill("count"),
  AveragePostingDurationBySpecializedSkill: skill("duration"),
  JobPostingInsights: (r) => (rows(r, "CompanyJobPostings").length > 0 ? [{ key: "CompaniesHiring", count: 1 }] : []),
  JobPostingInsightsLOT: (r) =>
    rows(r, "CompanyJobPostingsByLot").length > 0 ? [{ key: "CompaniesHiring", count: 1 }] : [],
};

/** One company's entries for each aggregate, in AGGREGATES order: what a page's aggregates are merged from. */
export type JobContribution = readonly (readonly Entry[])[];
type Entry = ReturnType<Extract>[number];

const EXTRACTS = Object.entries(AGGREGATES);

export function jobContribution(record: CompanyRecord): JobContribution {
  return EXTRACTS.map(([, extract]) => extract(record));
}

/** Rough heap bytes of a contribution, for a cache's budget. */
export function contributionBytes(c: JobContribution): number {
  let entries = 0;
  for (const list of c) entries += list.length;
  return 64 * (c.length + entries);
}

/** The aggregates of a page from its companies' contributions, in page order (as jobAggregates sums them). */
export function mergeJobAggregates(contributions: readonly JobContribution[]): Record<string, Item[]> {
  const out: Record<string, Item[]> = {};
  EXTRACTS.forEach(([name], k) => {
    const acc = new Map<string, { count: number; sum: number; n: number }>();
    for (const c of contributions) {
      for (const e of c[k] ?? []) {
        const a = acc.get(e.key) ?? { count: 0, sum: 0, n: 0 };
        if (e.count !== undefined) a.count += e.count;
        if (e.value !== undefined) {
          a.sum += e.value;
          a.n++;
        }
        acc.set(e.key, a);
      }
    }
    out[name] = [...acc].map(([Key, a]) =>
      a.n > 0 ? { Key, Value: Math.round((a.sum / a.n) * 100) / 100 } : { Key, Count: a.count },
    );
  });
  return out;
}

export function jobAggregates(records: readonly CompanyRecord[]): Record<string, Item[]> {
  return mergeJobAggregates(records.map(jobContribution));
}
