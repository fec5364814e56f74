import type { CompanyPatches } from "../data/patches";
import type { CompanyRecord } from "../data/record";
import { EmbeddedJson, type JsonPieces } from "../http/embedded-json";
import { type Scopes, forScopes } from "./common";
import { type JobContribution, contributionBytes, jobContribution } from "./job-aggregates";

/**
 * Company records serialised once and kept, so a page of 1,000 records (10+ MB of JSON) is a join
 * of cached strings rather than 1,000 record builds and one huge JSON.stringify. Entries are per
 * form (the reading's rewrite, the token's scopes); any admin patch or reset that undid one drops
 * them all, because a record also shows other companies (group members, twins, brands). The cache
 * holds at most `budgetBytes` and then forgets the oldest entries, so a million-company sandbox
 * stays within its memory.
 */

/** How list operations show a record: the reading's rewrite of it, if any. */
export interface RecordForm {
  readonly name: string;
  readonly present?: (record: CompanyRecord) => unknown;
}

export const PLAIN_RECORDS: RecordForm = { name: "plain" };

/** Kept as UTF-8 bytes: sent without encoding again, and outside the JS heap the GC walks. */
interface Json {
  utf8: Buffer;
}

type Cached = { kind: "json"; value: Json; cost: number } | { kind: "jobs"; value: JobContribution; cost: number };

/** Slice of records the warmer builds before it lets requests in. */
const WARM_SLICE = 50;

export interface RecordCacheStats {
  entries: number;
  bytes: number;
  budgetBytes: number;
  /** Records built ahead of any request since start (null: no warming asked for). */
  warmed: { done: number; of: number; finished: boolean } | null;
}

const withJobs = (scopes: Scopes) => scopes.has("jobdata:read");

export class RecordCache {
  private readonly entries = new Map<string, Cached>();
  private used = 0;
  private generation: number;
  private evicting = false;
  private warming: { done: number; of: number; finished: boolean; stop: boolean } | null = null;

  constructor(
    private readonly patches: CompanyPatches,
    readonly budgetBytes: number,
  ) {
    this.generation = patches.generation;
  }

  stats(): RecordCacheStats {
    const w = this.warming;
    return {
      entries: this.entries.size,
      bytes: this.used,
      budgetBytes: this.budgetBytes,
      warmed: w ? { done: w.done, of: w.of, finished: w.finished } : null,
    };
  }

  /** Company `i`'s record as `form` shows it to a token of `scopes`, serialised. */
  json(i: number, form: RecordForm, scopes: Scopes): Json {
    const hit = this.get(jsonKey(i, form, scopes));
    return hit?.kind === "json" ? hit.value : this.build(i, form, scopes).json;
  }

  /** Company `i`'s part of the job aggregates (read from the record before any rewrite or scope). */
  jobs(i: number, form: RecordForm, scopes: Scopes): JobContribution {
    const hit = this.get(`jobs/${i}`);
    return hit?.kind === "jobs" ? hit.value : this.build(i, form, scopes).jobs;
  }

  /**
   * Builds every record of the first `count` companies ahead of any request, a slice at a time so
   * requests are answered in between, until done, the budget is full or `stop()`.
   */
  warm(count: number, form: RecordForm, scopes: Scopes): Promise<void> {
    this.stopWarming();
    const w = { done: 0, of: count, finished: false, stop: false };
    this.warming = w;
    return new Promise((resolve) => {
      const slice = () => {
        const end = Math.min(count, w.done + WARM_SLICE);
        for (; w.done < end && !w.stop && !this.evicting; w.done++) {
          if (!this.get(jsonKey(w.done, form, scopes))) this.build(w.done, form, scopes);
        }
        if (w.stop || this.evicting || w.done >= count) {
          w.finished = w.done >= count;
          resolve();
        } else setImmediate(slice);
      };
      setImmediate(slice);
    });
  }

  stopWarming(): void {
    if (this.warming) this.warming.stop = true;
  }

  private get(key: string): Cached | undefined {
    if (this.patches.generation !== this.generation) {
      this.entries.clear();
      this.used = 0;
      this.evicting = false;
      this.generation = this.patches.generation;
    }
    return this.entries.get(key);
  }

  private build(i: number, form: RecordForm, scopes: Scopes): { json: Json; jobs: JobContribution } {
    const record = this.patches.record(i);
    const jobs = jobContribution(record);
    const shown = forScopes(record, scopes);
    const json = { utf8: Buffer.from(JSON.stringify(form.present ? form.present(shown) : shown)) };
    this.put(jsonKey(i, form, scopes), { kind: "json", value: json, cost: json.utf8.length });
    if (withJobs(scopes)) this.put(`jobs/${i}`, { kind: "jobs", value: jobs, cost: contributionBytes(jobs) });
    return { json, jobs };
  }

  private put(key: string, entry: Cached): void {
    if (entry.cost > this.budgetBytes) return;
    const old = this.entries.get(key);
    if (old) this.used -= old.cost;
    this.entries.delete(key);
    for (const [oldest, cached] of this.entries) {
      if (this.used + entry.cost <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= cached.cost;
      this.evicting = true;
    }
    this.entries.set(key, entry);
    this.used += entry.cost;
  }
}

function jsonKey(i: number, form: RecordForm, scopes: Scopes): string {
  return `${form.name}/${withJobs(scopes) ? "all" : "basic"}/${i}`;
}

/** A page of records in a reply body, serialised from the cache when the reply is sent. */
export class RecordList extends EmbeddedJson {
  constructor(
    private readonly cache: RecordCache,
    readonly indices: readonly number[],
    private readonly scopes: Scopes,
    readonly form: RecordForm = PLAIN_RECORDS,
  ) {
    super();
  }

  get length(): number {
    return this.indices.length;
  }

  /** The same records as another form shows them. */
  as(form: RecordForm): RecordList {
    return new RecordList(this.cache, this.indices, this.scopes, form);
  }

  /** The job-aggregate contributions of the page, in page order. */
  jobs(): JobContribution[] {
    return this.indices.map((i) => this.cache.jobs(i, this.form, this.scopes));
  }

  pieces(): JsonPieces {
    const pieces: (string | Buffer)[] = ["["];
    let bytes = 2;
    this.indices.forEach((i, k) => {
      const json = this.cache.json(i, this.form, this.scopes);
      if (k > 0) {
        pieces.push(",");
        bytes += 1;
      }
      pieces.push(json.utf8);
      bytes += json.utf8.length;
    });
    pieces.push("]");
    return { pieces, bytes };
  }
}
