/**
 * The team's decisions as the add-in uses them (through a team gateway, api/team): a decision
 * answers a match as the matching service would, with the confidence `team` and who decided when,
 * so `UKCO.MATCH`, the Match names run and About this value all read it from the same stored
 * match. Lookups go in slices of a batch job's size; names the team has not decided are left to
 * the matching service.
 */
import type { TeamClient } from "@ukco/api/team/client";
import { TEAM_LOOKUP_MAX, type TeamAsk, type TeamDecision } from "@ukco/api/team/schemas";
import type { StoredMatch } from "./cache/snapshot";
import { matchRequestOf } from "./match-key";

/** What UKCO.MATCH's "confidence" says of a match a team decision answered. */
export const TEAM_CONFIDENCE = "team";

/** A decision as the match it answers. */
export function teamMatch(decision: TeamDecision): StoredMatch {
  const company = decision.company;
  return {
    number: company?.number ?? null,
    name: company?.name ?? null,
    status: company?.status ?? null,
    confidence: TEAM_CONFIDENCE,
    route: TEAM_CONFIDENCE,
    postcode: company?.postcode ?? null,
    rigorous: false,
    team: { by: decision.decidedBy, at: decision.decidedAt },
  };
}

/** The ask of a match key (match-key.ts): the name and the hints UKCO.MATCH sends. */
export function teamAskOf(key: string): TeamAsk {
  const request = matchRequestOf(key);
  return {
    name: request.input_name,
    ...(request.postcode ? { postcode: request.postcode } : {}),
    ...(request.website ? { website: request.website } : {}),
  };
}

export interface TeamAnswers {
  /** The keys a decision answers, as the match it gives. */
  matches: Map<string, StoredMatch>;
  /** Of those, the keys the asking user decided themselves. */
  mine: Set<string>;
  /** Why the team's decisions could not be read (every key then goes to the matching service). */
  problem?: unknown;
}

/** The team's decisions for `keys`, in lookups of at most a batch job's size each. */
export async function teamAnswers(
  team: TeamClient,
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<TeamAnswers> {
  const answers: TeamAnswers = { matches: new Map(), mine: new Set() };
  const slices: string[][] = [];
  for (let i = 0; i < keys.length; i += TEAM_LOOKUP_MAX) slices.push(keys.slice(i, i + TEAM_LOOKUP_MAX));
  const found = await Promise.all(slices.map((slice) => team.lookup(slice.map(teamAskOf), { signal })));
  slices.forEach((slice, s) =>
    slice.forEach((key, i) => {
      const decision = found[s]![i];
      if (!decision) return;
      answers.matches.set(key, teamMatch(decision));
      if (decision.mine) answers.mine.add(key);
    }),
  );
  return answers;
}

/**
 * The team's decisions where it can give them; none when there is no team gateway, or when the
 * gateway cannot read them now (its Redis away): the matching service then answers, as without one.
 */
export async function teamAnswersIfAny(
  team: TeamClient | undefined,
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<TeamAnswers> {
  if (!team || keys.length === 0) return { matches: new Map(), mine: new Set() };
  try {
    return await teamAnswers(team, keys, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { matches: new Map(), mine: new Set(), problem: error };
  }
}

/** What a review decided for one queued entry, recorded for the team; the match it gives from now on. */
export async function recordTeamDecision(
  team: TeamClient,
  entry: { name: string; postcode: string; website: string; proposed: StoredMatch },
  company: string | null,
  signal?: AbortSignal,
): Promise<StoredMatch> {
  const recorded = await team.record(
    {
      name: entry.name.trim(),
      ...(entry.postcode.trim() ? { postcode: entry.postcode.trim() } : {}),
      ...(entry.website.trim() ? { website: entry.website.trim() } : {}),
      company,
      // The service's confidence in what it proposed; over a colleague's decision there is none.
      ...(entry.proposed.team ? {} : { confidence: entry.proposed.confidence }),
    },
    { signal },
  );
  return teamMatch(recorded);
}
