/**
 * The fewest batch jobs for a list of names: identical inputs (the same UKCO.MATCH key: name,
 * postcode and website, ignoring case and spacing) are sent once, and the distinct ones go in jobs
 * of at most MAX_BATCH_COMPANIES, so 5,000 rows naming 3,100 companies take four jobs.
 */
import { MAX_BATCH_COMPANIES } from "@ukco/api/matching/schemas";

export function distinctKeys(keys: Iterable<string | undefined>): string[] {
  const seen = new Set<string>();
  for (const key of keys) if (key !== undefined) seen.add(key);
  return [...seen];
}

export function planJobs(keys: readonly string[], size = MAX_BATCH_COMPANIES): string[][] {
  const jobs: string[][] = [];
  for (let i = 0; i < keys.length; i += size) jobs.push(keys.slice(i, i + size));
  return jobs;
}
