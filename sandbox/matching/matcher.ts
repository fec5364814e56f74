import { type Dataset, isActive } from "../data/dataset";
import type { CompanyPatches } from "../data/patches";
import { domainOfUrl } from "../product/website";
import { type MatchHints, hintEvidence } from "./hints";
import { legalFormOf, normaliseName } from "./normalise";
import { stringSimilarity, tokenSetSimilarity } from "./similarity";
import { TokenIndex } from "./token-index";

/**
 * The matching pipeline. Fast route: the normalised name is in the exact index (confidence high).
 * Slow route: candidates from the token index (misspelt words included), scored by name similarity
 * plus hint evidence; `rigorous_match` when the best clears RIGOROUS_THRESHOLD with a clear margin
 * (high), otherwise medium above MEDIUM_THRESHOLD, low above LOW_THRESHOLD or when only the website
 * hint finds the company (a weaker path), none below. Each degraded step lowers the band one notch.
 */

export type Confidence = "high" | "medium" | "low" | "none";

/** INFERRED thresholds on the 0..1(+hints) score. */
export const RIGOROUS_THRESHOLD = 0.88;
export const RIGOROUS_MARGIN = 0.04;
export const MEDIUM_THRESHOLD = 0.72;
export const LOW_THRESHOLD = 0.55;

/** Pipeline steps a fault can mark degraded (FaultConfig.degradedSteps). */
export const PIPELINE_STEPS = ["exact_index", "fuzzy_index", "hint_lookup", "register_status"] as const;

const BANDS: readonly Confidence[] = ["high", "medium", "low"];
const CANDIDATE_BUDGET = 20_000;
const SHORTLIST = 60;

export interface MatchOutcome {
  index: number;
  route: "fast" | "slow" | null;
  rigorous: boolean;
  confidence: Confidence;
  reasons: string[];
  degraded: string[];
  /** Set when the step `register_status` is degraded: status is then unknown. */
  statusUnknown: boolean;
  error?: string;
}

interface Scored {
  i: number;
  score: number;
  reasons: string[];
}

export class Matcher {
  private readonly tokens: TokenIndex;

  constructor(
    private readonly ds: Dataset,
    private readonly patches: CompanyPatches,
  ) {
    this.tokens = new TokenIndex(ds);
  }

  match(name: string, hints: MatchHints, degradedSteps: readonly string[]): MatchOutcome {
    const degraded = PIPELINE_STEPS.filter((s) => degradedSteps.includes(s));
    const useHints = !degraded.includes("hint_lookup");
    const base = { degraded, statusUnknown: degraded.includes("register_status"), rigorous: false };
    const key = normaliseName(name);
    if (key === "")
      return {
        ...base,
        index: -1,
        route: null,
        confidence: "none",
        reasons: [],
        error: "input_name has no words to match after normalisation",
      };
    const form = legalFormOf(name);

    if (!degraded.includes("exact_index")) {
      const exact = this.ds.nameIndex.find(key).map((i) => this.withHints(i, 1, hints, useHints, form));
      const best = pickBest(exact);
      if (best) return this.outcome(base, best, "fast", false, "high", ["exact_name", ...best.reasons]);
    }

    const scored = this.slowCandidates(key, hints, degraded.includes("fuzzy_index")).map((i) =>
      this.withHints(i, this.nameScore(key, i), hints, useHints, form),
    );
    scored.sort((a, b) => b.score - a.score);
    const best = scored[0];
    const runnerUp = scored.find(
      (s) => s !== best && normaliseName(this.ds.names[s.i] ?? "") !== normaliseName(this.ds.names[best?.i ?? 0] ?? ""),
    );
    if (best && best.score >= RIGOROUS_THRESHOLD && best.score - (runnerUp?.score ?? 0) >= RIGOROUS_MARGIN)
      return this.outcome(base, best, "slow", true, "high", ["fuzzy_rigorous", ...best.reasons]);
    if (best && best.score >= MEDIUM_THRESHOLD)
      return this.outcome(base, best, "slow", false, "medium", ["fuzzy_name", ...best.reasons]);
    if (best && best.score >= LOW_THRESHOLD)
      return this.outcome(base, best, "slow", false, "low", ["fuzzy_weak", ...best.reasons]);
    const byWebsite =
      useHints && hints.website
        ? this.ds.domainIndex.find(domainOfUrl(hints.website)).filter((i) => isActive(this.ds, i))
        : [];
    if (byWebsite.length === 1 && byWebsite[0] !== undefined) {
      return this.outcome(base, { i: byWebsite[0], score: 0, reasons: [] }, "slow", false, "low", ["website_only"]);
    }
    return {
      ...base,
      index: -1,
      route: null,
      confidence: "none",
      reasons: best ? [`below_threshold:${best.score.toFixed(2)}`] : ["no_candidates"],
    };
  }

  private outcome(
    base: Pick<MatchOutcome, "degraded" | "statusUnknown">,
    best: Scored,
    route: "fast" | "slow",
    rigorous: boolean,
    band: Confidence,
    reasons: string[],
  ): MatchOutcome {
    const lowered = BANDS[Math.min(BANDS.length - 1, BANDS.indexOf(band) + base.degraded.length)] ?? "low";
    return {
      ...base,
      index: best.i,
      route,
      rigorous,
      confidence: lowered,
      reasons: [...reasons, `score:${best.score.toFixed(3)}`],
    };
  }

  private withHints(i: number, nameScore: number, hints: MatchHints, useHints: boolean, form: string): Scored {
    const evidence = hintEvidence(this.ds, i, hints, useHints);
    const formBonus = form !== "NONE" && legalFormOf(this.ds.names[i] ?? "") === form ? 0.005 : 0;
    return { i, score: nameScore + evidence.bonus + formBonus, reasons: evidence.reasons };
  }

  private weight(token: string): number {
    return Math.log(1 + this.ds.size / (1 + this.tokens.frequency(token)));
  }

  nameScore(key: string, i: number): number {
    const candidateKey = normaliseName(this.ds.names[i] ?? "");
    const tokenScore = tokenSetSimilarity(key.split(" "), candidateKey.split(" "), (t) => this.weight(t));
    return 0.6 * tokenScore + 0.4 * stringSimilarity(key, candidateKey);
  }

  /** Candidates sharing (possibly misspelt) rare words with the query, best-supported first. */
  private slowCandidates(key: string, hints: MatchHints, exactWordsOnly: boolean): number[] {
    const support = new Map<number, number>();
    const words = TokenIndex.searchWords(key.split(" ")).sort(
      (a, b) => this.tokens.frequency(a) - this.tokens.frequency(b),
    );
    for (const word of words) {
      const variants: [string, number][] = exactWordsOnly ? [[word, 1]] : this.tokens.similarWords(word);
      for (const [variant, similarity] of variants) {
        const w = similarity * this.weight(variant);
        for (const i of this.tokens.companiesWith(variant)) {
          const had = support.get(i);
          if (had !== undefined) support.set(i, had + w);
          else if (support.size < CANDIDATE_BUDGET) support.set(i, w);
        }
      }
    }
    for (const i of this.patches.renamed) support.set(i, (support.get(i) ?? 0) + 1);
    if (hints.website)
      for (const i of this.ds.domainIndex.find(domainOfUrl(hints.website))) support.set(i, (support.get(i) ?? 0) + 1);
    return [...support.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SHORTLIST)
      .map(([i]) => i);
  }
}

function pickBest(scored: Scored[]): Scored | undefined {
  return scored.sort((a, b) => b.score - a.score)[0];
}
