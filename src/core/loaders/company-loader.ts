/**
 * Company records by number, a burst at a time: up to 1000 numbers a `POST /v2/companies`
 * (the contract's largest page), so 2,000 distinct companies cost 2 requests however many cells
 * ask under a tight quota or one not yet stated. A burst goes as soon as its calls have arrived;
 * with room, in as many requests side by side as make its last cell settle soonest (chunk-plan.ts),
 * the first cells' small one a moment ahead of the others.
 * A number the service does not return is a company it does not know.
 *
 * A request names the top-level fields its asks need (the union over the request's asks, with what
 * the cache already holds of those companies). The answer is read cut to them (the body reader,
 * api/http/body-reader.ts: off the page's thread for a large page), and through a team gateway
 * they are also sent (`x-ukco-fields`), so the gateway cuts each record before it is sent. A record
 * is taken as cut only when its answer says so (the reader's cut, the gateway's header), naming the fields it kept (both: the
 * fields both kept); a field outside the cut is unknown, never absent. An ask that needs the whole
 * record names none, and its answer holds whole records.
 */
import { FIELDS_HEADER } from "@ukco/api/http/request";
import type { Clock } from "@ukco/api/http/types";
import type { ProductClient } from "@ukco/api/product/client";
import type { RawCompany } from "@ukco/api/product/lazy-company";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import { isInvalidCompany } from "@ukco/api/product/responses";
import { BatchLoader } from "../batch-loader";
import { ChunkPlanner } from "../chunk-plan";
import { mayBelongToPartOfBatch } from "./isolatable";
import { parseCompanyNumber } from "../company-number";
import { NotFoundError, UnavailableError } from "../errors";
import { GATEWAY_SCOPES_HEADER, scopesLacking, scopesLackingStated } from "./scope-evidence";

export interface LoadedCompany {
  /** As sent (fields are checked when read: lazy-company.ts); undefined when the service has no such company. */
  record: RawCompany | undefined;
  lackingScopes: string[];
  fetchedAt: number;
  /** The top-level fields the record was cut to; undefined when it is whole. A field outside them is unknown, never absent. */
  fields?: ReadonlySet<string>;
}

/** A path's first step names its top-level field. */
interface FieldNeed {
  readonly steps: readonly ({ name: string } | object)[];
}

/** What one ask needs of a company: the paths it reads, or the whole record. */
export type CompanyNeed = readonly FieldNeed[] | typeof WHOLE_RECORD;
export const WHOLE_RECORD: unique symbol = Symbol("whole record");

/** The top-level field a path reads. */
export function topField(steps: FieldNeed["steps"]): string | undefined {
  const first = steps[0];
  return first && "name" in first ? first.name : undefined;
}

/**
 * The fields a request for `numbers` names, sorted (so identical asks read alike), or undefined
 * when a company is asked for its whole record, or without saying what it needs.
 */
export function fieldsNeeded(
  numbers: readonly string[],
  needs: (number: string) => readonly CompanyNeed[],
  held: (number: string) => Iterable<string>,
): string[] | undefined {
  const fields = new Set<string>(["CompanyNumber"]);
  // Index loops: a burst of 2,000 companies × 5 asks would otherwise make an iterator per loop.
  for (let n = 0; n < numbers.length; n++) {
    const number = numbers[n]!;
    const asked = needs(number);
    if (asked.length === 0) return undefined;
    let previous: CompanyNeed | undefined;
    for (let a = 0; a < asked.length; a++) {
      const need = asked[a]!;
      if (need === WHOLE_RECORD) return undefined;
      // Cells of one formula share their paths: read them once.
      if (need === previous) continue;
      previous = need;
      for (let p = 0; p < need.length; p++) {
        const field = topField(need[p]!.steps);
        if (field === undefined) return undefined;
        fields.add(field);
      }
    }
    for (const field of held(number)) fields.add(field);
  }
  return [...fields].sort();
}

/** The fields a gateway's answer says it cut each record to; undefined when it says nothing. */
export function fieldsKept(header: string | null): ReadonlySet<string> | undefined {
  if (header === null) return undefined;
  return new Set(
    header
      .split(",")
      .map((field) => field.trim())
      .filter(Boolean),
  );
}

/** The fields a record holds after two cuts (either may be absent): those both kept. */
export function bothCuts(
  first: ReadonlySet<string> | undefined,
  second: ReadonlySet<string> | undefined,
): ReadonlySet<string> | undefined {
  if (!first || !second) return first ?? second;
  return new Set([...first].filter((field) => second.has(field)));
}

export interface CompanyLoaderTiming {
  burstWindowMs: number;
  maxDelayMs: number;
  settleTimeoutMs: number;
}

/**
 * A burst goes at the next turn of the event loop, when its calls have stopped: Excel makes a
 * recalculation's calls in one go, so nothing is gained by waiting for more.
 */
export const COMPANY_LOADER_TIMING: CompanyLoaderTiming = {
  burstWindowMs: 0,
  maxDelayMs: 0,
  settleTimeoutMs: 5 * 60_000,
};

/**
 * MEASURED (docs/ARCHITECTURE.md, "The read path, measured"): the first cells' small request leaves
 * this long before the burst's others. A service answers the requests on one connection, or in one
 * process, in the order they arrive; sent together, the small one was at times answered after a
 * large one (the first value 151-233 ms with the head start against 173-666 ms without, one process).
 */
export const FIRST_AHEAD_MS = 10;

/** For lookups that may come a few at a time (websites, other markets): gathered over a quiet spell. */
export const GATHERED_LOOKUP_TIMING: CompanyLoaderTiming = {
  burstWindowMs: 25,
  maxDelayMs: 400,
  settleTimeoutMs: COMPANY_LOADER_TIMING.settleTimeoutMs,
};

export interface CompanyLoaderOptions {
  timing?: CompanyLoaderTiming;
  /** Whether a number is being asked again because the user refreshed it (a team gateway then skips its cache). */
  refreshing?: (number: string) => boolean;
  /** How bursts are cut (the engine keeps it, to forecast a refresh); by default one over no headroom. */
  planner?: ChunkPlanner;
  /** Top-level fields the cache holds of a company, asked again with it so they all come from one fetch. */
  heldFields?: (number: string) => Iterable<string>;
}

export function createCompanyLoader(
  product: () => ProductClient,
  clock: Clock,
  {
    timing = COMPANY_LOADER_TIMING,
    refreshing = () => false,
    planner = new ChunkPlanner(MAX_RETURN_COUNT, () => undefined),
    heldFields = () => [],
  }: CompanyLoaderOptions = {},
): BatchLoader<LoadedCompany, CompanyNeed> {
  return new BatchLoader<LoadedCompany, CompanyNeed>({
    clock,
    maxBatchSize: MAX_RETURN_COUNT,
    ...timing,
    plan: (keys) => planner.plan(keys),
    observe: (keys, ms) => planner.observe(keys, ms),
    firstAheadMs: FIRST_AHEAD_MS,
    timeoutMessage: "The product API did not answer within 5 minutes.",
    // Unreachable in practice: loadMany answers every key (a missing company is a result, not an error).
    missing: (key) => new NotFoundError(`No company ${key}.`),
    isolate: mayBelongToPartOfBatch,
    async loadMany(numbers, signal, _notify, needs) {
      const fields = fieldsNeeded(numbers, needs, heldFields);
      const answer = await product().readCompanyRecords(
        { CompanyNumbers: [...numbers], returnCount: numbers.length, skip: 0 },
        { signal, refresh: numbers.some(refreshing), ...(fields ? { fields } : {}) },
      );
      const envelope = answer.data;
      const fetchedAt = clock.now();
      // Only a cut asked for and confirmed makes records partial: by the reader, by the gateway, or both.
      const cut = fields ? bothCuts(answer.cut, fieldsKept(answer.headers.get(FIELDS_HEADER))) : undefined;
      const lackingScopes = scopesLackingStated(answer.headers.get(GATEWAY_SCOPES_HEADER)) ?? scopesLacking(envelope);
      const found = new Map<string, RawCompany | Error>();
      let unattributed = 0;
      for (const company of envelope.companies) {
        // Joined by the normalised number, so a service that drops leading zeros still answers its ask.
        const number = parseCompanyNumber(company.CompanyNumber ?? "");
        if (!number.ok) {
          unattributed += 1;
          continue;
        }
        found.set(
          number.number,
          isInvalidCompany(company)
            ? new UnavailableError(
                "unexpected-data",
                `The product API sent this company's record in an unexpected shape (${company.problem}).`,
                "product",
              )
            : company,
        );
      }
      // A record we could not attribute may be any unanswered ask's: those are unreadable, not unknown.
      const unreadable =
        unattributed > 0
          ? new UnavailableError(
              "unexpected-data",
              `The product API sent ${unattributed} record${unattributed === 1 ? "" : "s"} without a readable company number in its answer, and this company may be among them.`,
              "product",
            )
          : undefined;
      return new Map(
        numbers.map((n): [string, LoadedCompany | Error] => {
          const record = found.get(n);
          if (record === undefined && unreadable) return [n, unreadable];
          if (record instanceof Error) return [n, record];
          return [
            n,
            cut && record ? { record, lackingScopes, fetchedAt, fields: cut } : { record, lackingScopes, fetchedAt },
          ];
        }),
      );
    },
  });
}
