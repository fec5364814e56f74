/**
 * Matches names to companies. Through a team gateway, the team's decisions answer first (one
 * lookup, no matching request: team-decisions.ts); the names left go to the matching service. A
 * burst of a handful of names goes as single matches (fast to answer, each governed); a larger
 * burst goes as batch jobs of up to 1000 names, polled until done (409 while queued is respected
 * by the runner), with rows joined back to asks by `id`.
 */
import type { Clock } from "@ukco/api/http/types";
import type { MatchingClient } from "@ukco/api/matching/client";
import type { TeamClient } from "@ukco/api/team/client";
import { teamAnswersIfAny } from "../team-decisions";
import { MAX_BATCH_COMPANIES, type MatchResult } from "@ukco/api/matching/schemas";
import type { StoredMatch } from "../cache/snapshot";
import { BatchLoader } from "../batch-loader";
import { mayBelongToPartOfBatch } from "./isolatable";
import { UnavailableError, toUserError } from "../errors";
import { matchRequestOf } from "../match-key";

export interface MatchLoaderOptions {
  /** Bursts of at most this many distinct names use single matches. */
  singleMatchLimit: number;
  /** Batch jobs tried for one burst before the names left over go as single matches. */
  jobAttempts: number;
  /**
   * Most names left over after the jobs that go as single matches; more than this and their cells
   * get the job's error at once, since single matches at 60 a minute would outlast the cell.
   */
  singleFallbackLimit: number;
  burstWindowMs: number;
  maxDelayMs: number;
  /** A batch job of 1000 names can take minutes; a cell still gives up in the end. */
  settleTimeoutMs: number;
}

export const MATCH_LOADER_OPTIONS: MatchLoaderOptions = {
  singleMatchLimit: 5,
  jobAttempts: 3,
  singleFallbackLimit: 25,
  burstWindowMs: 50,
  maxDelayMs: 500,
  settleTimeoutMs: 15 * 60_000,
};

export interface LoadedMatch {
  match: StoredMatch;
  fetchedAt: number;
}

export function storedMatch(result: MatchResult): StoredMatch {
  return {
    number: result.matched_company_number ?? null,
    name: result.matched_company_name ?? null,
    status: result.company_status ?? null,
    confidence: result.confidence,
    route: result.route ?? null,
    postcode: result.matched_registered_postcode ?? null,
    rigorous: result.rigorous_match,
  };
}

export function createMatchLoader(
  matching: () => MatchingClient,
  clock: Clock,
  options = MATCH_LOADER_OPTIONS,
  team: () => TeamClient | undefined = () => undefined,
): BatchLoader<LoadedMatch> {
  const loaded = (result: MatchResult): LoadedMatch => ({ match: storedMatch(result), fetchedAt: clock.now() });

  async function singles(keys: readonly string[], signal: AbortSignal): Promise<Map<string, LoadedMatch | Error>> {
    const settled = await Promise.allSettled(keys.map((key) => matching().match(matchRequestOf(key), { signal })));
    return new Map(
      keys.map((key, i) => {
        const outcome = settled[i]!;
        return [key, outcome.status === "fulfilled" ? loaded(outcome.value) : toUserError(outcome.reason)];
      }),
    );
  }

  /**
   * A batch job for the names; the names a failed or stalled job left without a row go in a new
   * job (up to `jobAttempts` jobs in all), and a few still unanswered after that (at most
   * `singleFallbackLimit`) as single matches, each governed like any other.
   */
  async function batch(keys: readonly string[], signal: AbortSignal): Promise<Map<string, LoadedMatch | Error>> {
    const answers = new Map<string, LoadedMatch | Error>();
    let pending = [...keys];
    let lastFailure: unknown;
    for (let job = 0; job < options.jobAttempts && pending.length > options.singleMatchLimit; job += 1) {
      try {
        const run = await matching().runBatch(
          pending.map((key, i) => matchRequestOf(key, String(i))),
          { signal },
        );
        run.rows.forEach((row, i) => row.result && answers.set(pending[i]!, loaded(row.result)));
        lastFailure = new UnavailableError(
          "service-down",
          `The matching job ${run.status === "failed" ? "failed" : "ended"}${run.error ? `: ${run.error}` : ""}.`,
          "matching",
        );
      } catch (error) {
        if (signal.aborted || !mayBelongToPartOfBatch(error)) throw error;
        lastFailure = error;
      }
      pending = pending.filter((key) => !answers.has(key));
    }
    if (pending.length > options.singleFallbackLimit) {
      const failure = toUserError(lastFailure);
      for (const key of pending) answers.set(key, failure);
    } else if (pending.length > 0) for (const [key, answer] of await singles(pending, signal)) answers.set(key, answer);
    return answers;
  }

  return new BatchLoader<LoadedMatch>({
    clock,
    maxBatchSize: MAX_BATCH_COMPANIES,
    burstWindowMs: options.burstWindowMs,
    maxDelayMs: options.maxDelayMs,
    settleTimeoutMs: options.settleTimeoutMs,
    timeoutMessage: `The matching service did not answer within ${Math.round(options.settleTimeoutMs / 60_000)} minutes.`,
    missing: () =>
      new UnavailableError("service-down", "The matching service gave no answer for this name.", "matching"),
    loadMany: async (keys, signal) => {
      const decided = await teamAnswersIfAny(team(), keys, signal);
      const rest = keys.filter((key) => !decided.matches.has(key));
      const asked =
        rest.length === 0
          ? new Map()
          : rest.length <= options.singleMatchLimit
            ? await singles(rest, signal)
            : await batch(rest, signal);
      for (const [key, match] of decided.matches) asked.set(key, { match, fetchedAt: clock.now() });
      return asked;
    },
  });
}
