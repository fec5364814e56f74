import type { Dataset } from "../data/dataset";
import { mixSeed, round } from "../data/prng";
import { SAMPLE_THEMES, themeIndexOfRtic } from "../data/rtics";
import { type Reply, type RequestContext, json } from "../http/types";
import type { SandboxState } from "../state";
import { productError, validationError } from "./common";
import { rticCounts, sizeBands } from "./insights";

/**
 * `GET /v2/classification/list-summary?modelCode=&cutoff=` (CONTRACT-CHOICES): the model codes are
 * the catalogue's RTIC codes; each company gets a deterministic model score (high for its own
 * RTIC, middling for its secondary RTIC or same vertical, low otherwise) and the summary counts
 * the companies at or above the cutoff.
 */

const BUCKETS = 10;

export function modelScore(ds: Dataset, i: number, theme: number): number {
  const h = mixSeed(ds.seed, i, theme, 0x5c0e) / 4294967296;
  if (ds.theme[i] === theme) return 0.75 + 0.25 * h;
  if (ds.theme2[i] === theme) return 0.5 + 0.3 * h;
  if (SAMPLE_THEMES[ds.theme[i] ?? 0]?.cic === SAMPLE_THEMES[theme]?.cic) return 0.15 + 0.3 * h;
  return 0.15 * h;
}

export function getListSummary(state: SandboxState, req: RequestContext): Reply {
  const modelCode = req.query.get("modelCode");
  const cutoffText = req.query.get("cutoff");
  if (!modelCode) return validationError("modelCode", "The modelCode field is required.");
  const cutoff = Number(cutoffText);
  if (cutoffText === null || cutoffText === "" || !(cutoff >= 0 && cutoff <= 1))
    return validationError("cutoff", "The cutoff field must be a number from 0 to 1.");
  const theme = themeIndexOfRtic(modelCode);
  if (theme === undefined) return productError(404, `Model ${modelCode} not found.`);
  const { ds } = state;
  const histogram = new Float64Array(BUCKETS);
  const above: number[] = [];
  for (let i = 0; i < ds.size; i++) {
    const s = modelScore(ds, i, theme);
    histogram[Math.min(BUCKETS - 1, Math.floor(s * BUCKETS))]!++;
    if (s >= cutoff) above.push(i);
  }
  return json(200, {
    ModelCode: modelCode,
    Cutoff: cutoff,
    TotalScored: ds.size,
    CompaniesAboveCutoff: above.length,
    ScoreDistribution: Array.from(histogram, (Count, k) => ({
      From: round(k / BUCKETS, 2),
      To: round((k + 1) / BUCKETS, 2),
      Count,
    })),
    CompaniesByRTIC: rticCounts(ds, above),
    ...sizeBands(ds, above),
  });
}
