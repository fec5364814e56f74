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
 */
import { cacheKey, digest, type TieredCache } from "./cache";
import type { Asker, GovernedCalls } from "./governed";
import { readListText } from "./list-text";
import type { UpstreamAnswer, UpstreamCall, UpstreamFailure } from "./upstream";

/** The contract's inline bound on numbers in one request. */
export const MAX_NUMBERS = 50_000;
/** The contract's `returnCount` bound: the most numbers one upstream page asks. */
export const PAGE_NUMBERS = 1_000;
const BODY_KEYS = ["CompanyNumbers", "returnCount", "skip"];

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

  constructor(
    private readonly calls: GovernedCalls,
    private readonly cache: TieredCache,
    private readonly scope: string,
    statedScopes: string[] | undefined,
  ) {
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
   * one encoding), as ten analysts refreshing the same workbook do.
   */
  async answer(asker: Asker, call: UpstreamCall, numbers: string[], refresh: boolean): Promise<CompaniesAnswer> {
    const key = `answer ${refresh ? "fresh" : "cached"} ${digest(numbers.join(","), 64)}`;
    const { result, merged } = this.calls.shared(asker, key, (signal) =>
      this.assemble({ user: asker.user, signal }, call, numbers, refresh),
    );
    const answer = await result;
    return merged && !answer.failure ? { ...answer, served: "merged" } : answer;
  }

  private async assemble(
    asker: Asker,
    call: UpstreamCall,
    numbers: string[],
    refresh: boolean,
  ): Promise<CompaniesAnswer> {
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
      return { status: failed.answer.status, body: "", headers: {}, served: "upstream", failure: failed.answer };
    const whole = hits.size === 0 && fetched.length === 1;
    const parts: string[] = [];
    for (const n of numbers) {
      const record = hits.get(n) ?? fetched.find((p) => p.records.has(n))?.records.get(n);
      if (record !== undefined) parts.push(record);
    }
    const headers: Record<string, string> = {};
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
      status: 200,
      body: Buffer.from(`{"companies":[${parts.join(",")}]${rest ? `,${rest}` : ""}}`),
      headers,
      served,
    };
  }
}
