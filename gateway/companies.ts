/**
 * Company records by number (`POST /v2/companies` asking `CompanyNumbers` and nothing else):
 * hits from the cache, only the misses fetched, in pages of at most 1,000 numbers, each page
 * shared by every asker in flight (one send, one read).
 *
 * Records are kept as the JSON text the service wrote (list-text.ts reads a page as text, checked
 * as strictly as JSON.parse would, and builds no objects to serialise again), and answers are
 * assembled by concatenation, cold or warm: no record is parsed or serialised here. What the service says
 * about a list as a whole (`CompanyChanges`, the job-posting aggregates) belongs to the request
 * it answered: it is passed on only when this request's numbers were fetched whole, in one page,
 * for exactly this request; otherwise it is left out and `x-ukco-left-out: aggregates` says so.
 * `x-ukco-scopes` states the credential's scopes (the operator's, or learned from the service's
 * own whole answers), so the add-in never has to guess them from which keys are present.
 *
 * An add-in may ask for some fields only (`x-ukco-fields`, fields.ts): what is fetched and cached
 * does not change (whole records, per credential), and each record of the answer is cut to those
 * fields on the way out, the answer's own `x-ukco-fields` naming what was kept.
 */
import { cacheKey, digest, type TieredCache } from "./cache";
import type { Asker, GovernedCalls } from "./governed";
import { FIELDS_HEADER, RecordCuts, type FieldCut } from "./fields";
import { readListText } from "./list-text";
import type { UpstreamAnswer, UpstreamCall, UpstreamFailure } from "./upstream";

/** The contract's inline bound on numbers in one request. */
export const MAX_NUMBERS = 50_000;
/** The contract's `returnCount` bound: the most numbers one upstream page asks. */
export const PAGE_NUMBERS = 1_000;
const BODY_KEYS = ["CompanyNumbers", "returnCount", "skip"];
/**
 * How long an assembled answer is sent again as it is to the same ask: a team refreshing one
 * workbook asks within seconds, and assembling and encoding megabytes for each of them is most of
 * a warm gateway's work. Records fetched again for any of its numbers retire it at once, and it is
 * sent only while the cache still holds every record in it (so never past their time to live).
 */
const RECENT_MS = 10_000;
const RECENT_BYTES = 64 * 1024 * 1024;

interface Recent {
  answer: CompaniesAnswer;
  numbers: ReadonlySet<string>;
  /** How many of the numbers had a record. */
  records: number;
  expires: number;
}

export interface CompaniesAnswer {
  status: number;
  body: Buffer | string;
  headers: Record<string, string>;
  served: "upstream" | "merged" | "cache" | "partial-cache";
  failure?: UpstreamFailure;
}

interface Page {
  answer: UpstreamAnswer;
  /** Serialised records by company number. */
  records: Map<string, string>;
  /** The envelope without `companies`, serialised without its braces ("" when empty). */
  rest: string;
  scopes: string[];
}

/** The numbers of a body asking companies by number and nothing else; undefined otherwise. */
export function numbersOnly(body: unknown): string[] | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  if (!Object.keys(b).every((k) => BODY_KEYS.includes(k))) return undefined;
  if ((b.skip ?? 0) !== 0 || !Array.isArray(b.CompanyNumbers)) return undefined;
  if (!b.CompanyNumbers.every((n) => typeof n === "string")) return undefined;
  const numbers = [...new Set(b.CompanyNumbers as string[])];
  if (typeof b.returnCount === "number" && b.returnCount < numbers.length) return undefined;
  return numbers;
}

/** What a whole list answer's envelope (its member names) says of the token's optional scopes. */
function scopesShown(keys: string[]): string[] {
  const scopes = ["companies:read"];
  if (keys.includes("CompanyChanges")) scopes.push("companies:changes");
  if (keys.some((k) => k.includes("JobPostings"))) scopes.push("jobdata:read");
  return scopes;
}

export class CompanyRecords {
  /** Scopes by credential scope hash, as stated by the operator or learned from whole answers. */
  private readonly scopes = new Map<string, string[]>();
  /** Answers assembled in the last RECENT_MS, by the ask (oldest first). */
  private readonly recent = new Map<string, Recent>();
  private recentBytes = 0;
  private readonly cuts: RecordCuts;

  constructor(
    private readonly calls: GovernedCalls,
    private readonly cache: TieredCache,
    private readonly scope: string,
    statedScopes: string[] | undefined,
    cutBytes = 128 * 1024 * 1024,
  ) {
    this.cuts = new RecordCuts(cutBytes);
    if (statedScopes) this.scopes.set(scope, ["companies:read", ...statedScopes.filter((s) => s !== "companies:read")]);
  }

  private get scopesKey(): string {
    return cacheKey("scopes", this.scope, "product");
  }

  /** The scopes, from this process or learned by another replica (shared through the cache). */
  private async knownScopes(): Promise<string[] | undefined> {
    const known = this.scopes.get(this.scope);
    if (known) return known;
    const shared = (await this.cache.getMany([this.scopesKey])).get(this.scopesKey);
    if (shared === undefined) return undefined;
    const scopes = JSON.parse(shared) as string[];
    this.scopes.set(this.scope, scopes);
    return scopes;
  }

  private page(asker: Asker, call: UpstreamCall, numbers: string[]): { result: Promise<Page>; merged: boolean } {
    const body = JSON.stringify({ CompanyNumbers: numbers, returnCount: numbers.length, skip: 0 });
    return this.calls.shared(asker, `companies ${body}`, async (signal) => {
      const answer = await this.calls.send(
        asker.user,
        { ...call, body, contentType: "application/json", textOnly: true },
        signal,
        numbers.length,
      );
      const page: Page = { answer, records: new Map(), rest: "", scopes: [] };
      if (answer.kind !== "ok") return page;
      const list = readListText(answer.text);
      if (!list) {
        page.answer = {
          kind: "failure",
          status: 502,
          error: "upstream-bad-json",
          message: "The product service's answer was not complete JSON.",
          service: "product",
          serviceStatus: answer.status,
        };
        return page;
      }
      const asked = new Set(numbers);
      for (const { number, text } of list.records)
        if (number !== undefined && asked.has(number)) page.records.set(number, text);
      page.rest = list.rest.join(",");
      this.retire(page.records);
      page.scopes = scopesShown(list.keys);
      if (this.scopes.get(this.scope)?.join(" ") !== page.scopes.join(" ")) {
        this.scopes.set(this.scope, page.scopes);
        void this.cache.setMany(new Map([[this.scopesKey, JSON.stringify(page.scopes)]]));
      }
      // Written while the askers are answered: no one waits for the cache.
      void this.cache.setMany(new Map([...page.records].map(([n, r]) => [cacheKey("co", this.scope, n), r])));
      return page;
    });
  }

  /**
   * The answer to `numbers`; identical asks in flight share it whole (one lookup, one assembly,
   * one encoding), as ten analysts refreshing the same workbook do, and so do the same asks for a
   * few seconds after (the same bytes sent again).
   */
  async answer(
    asker: Asker,
    call: UpstreamCall,
    numbers: string[],
    refresh: boolean,
    fields?: FieldCut,
  ): Promise<CompaniesAnswer> {
    const ask = digest(`${numbers.join(",")} ${fields?.text ?? "*"}`, 64);
    const recent = refresh ? undefined : this.recent.get(ask);
    if (recent && recent.expires > Date.now()) {
      const held = await this.cache.getMany(numbers.map((n) => cacheKey("co", this.scope, n)));
      if (held.size === recent.records) return { ...recent.answer, served: "cache" };
    }
    const key = `answer ${refresh ? "fresh" : "cached"} ${ask}`;
    const { result, merged } = this.calls.shared(asker, key, async (signal) => {
      const { answer, records } = await this.assemble({ user: asker.user, signal }, call, numbers, refresh, fields);
      // Only an answer wholly from the cache: sent again, it is what the cache would still say.
      if (answer.served === "cache") this.remember(ask, numbers, records, answer);
      return answer;
    });
    const answer = await result;
    return merged && !answer.failure ? { ...answer, served: "merged" } : answer;
  }

  private remember(ask: string, numbers: string[], records: number, answer: CompaniesAnswer): void {
    this.forget(ask);
    const now = Date.now();
    for (const [key, entry] of this.recent)
      if (entry.expires <= now || this.recentBytes + answer.body.length > RECENT_BYTES) this.forget(key);
      else break;
    if (this.recentBytes + answer.body.length > RECENT_BYTES) return;
    this.recent.set(ask, { answer, numbers: new Set(numbers), records, expires: now + RECENT_MS });
    this.recentBytes += answer.body.length;
  }

  private forget(ask: string): void {
    const entry = this.recent.get(ask);
    if (!entry) return;
    this.recent.delete(ask);
    this.recentBytes -= entry.answer.body.length;
  }

  /** Records fetched anew: no recent answer holding any of them is sent again. */
  private retire(records: ReadonlyMap<string, string>): void {
    for (const [ask, entry] of this.recent)
      for (const n of records.keys())
        if (entry.numbers.has(n)) {
          this.forget(ask);
          break;
        }
  }

  private async assemble(
    asker: Asker,
    call: UpstreamCall,
    numbers: string[],
    refresh: boolean,
    fields: FieldCut | undefined,
  ): Promise<{ answer: CompaniesAnswer; records: number }> {
    // Until the scopes are known, answers are fetched whole: they are what teaches them.
    const useCache = !refresh && (await this.knownScopes()) !== undefined;
    const keys = numbers.map((n) => cacheKey("co", this.scope, n));
    const found = useCache ? await this.cache.getMany(keys) : new Map<string, string>();
    const hits = new Map<string, string>();
    numbers.forEach((n, i) => {
      const v = found.get(keys[i]!);
      if (v !== undefined) hits.set(n, v);
    });
    const misses = numbers.filter((n) => !hits.has(n));
    const pages: Array<{ result: Promise<Page>; merged: boolean }> = [];
    for (let i = 0; i < misses.length; i += PAGE_NUMBERS)
      pages.push(this.page(asker, call, misses.slice(i, i + PAGE_NUMBERS)));
    const fetched = await Promise.all(pages.map((p) => p.result));
    const failed = fetched.find((p) => p.answer.kind === "failure");
    if (failed && failed.answer.kind === "failure")
      return {
        answer: { status: failed.answer.status, body: "", headers: {}, served: "upstream", failure: failed.answer },
        records: 0,
      };
    const whole = hits.size === 0 && fetched.length === 1;
    const parts: string[] = [];
    for (const n of numbers) {
      const record = hits.get(n) ?? fetched.find((p) => p.records.has(n))?.records.get(n);
      if (record !== undefined) parts.push(fields ? this.cuts.cut(n, record, fields) : record);
    }
    const headers: Record<string, string> = {};
    if (fields) headers[FIELDS_HEADER] = fields.text;
    const scopes = this.scopes.get(this.scope);
    if (scopes) headers["x-ukco-scopes"] = scopes.join(" ");
    const rest = whole ? fetched[0]!.rest : "";
    if (!whole) headers["x-ukco-left-out"] = "aggregates";
    const served =
      hits.size === numbers.length
        ? "cache"
        : hits.size > 0
          ? "partial-cache"
          : pages.every((p) => p.merged)
            ? "merged"
            : "upstream";
    return {
      answer: {
        status: 200,
        body: Buffer.from(`{"companies":[${parts.join(",")}]${rest ? `,${rest}` : ""}}`),
        headers,
        served,
      },
      records: parts.length,
    };
  }
}
