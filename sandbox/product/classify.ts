import { type Dataset, NO_THEME } from "../data/dataset";
import { round } from "../data/prng";
import { SAMPLE_THEMES } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";
import { type Reply, type RequestContext, json } from "../http/types";
import type { SandboxState } from "../state";
import { type Scopes, isReply, readPaging, stringArray, validationError } from "./common";
import { readJsonObject } from "./companies";
import { listEnvelope } from "./envelope";
import { indicesOfNumbers } from "./filter";

/**
 * `POST /v2/classification/classify`: scores every other company by how much its industry profile
 * (RTICs, primary SIC, CIC vertical) overlaps the `yes` companies' profile minus the `no` companies'
 * profile. Companies scoring above a floor come back best first, each with `Score` (0–1).
 */

/** INFERRED: scores at or below this are not a match. */
export const MIN_CLASSIFY_SCORE = 0.05;
const WEIGHTS = { theme: 0.6, sic: 0.25, cic: 0.15 };

interface Profile {
  theme: Float64Array;
  sic: Float64Array;
  cic: Float64Array;
}

function profile(ds: Dataset, indices: Int32Array): Profile {
  const p = {
    theme: new Float64Array(SAMPLE_THEMES.length),
    sic: new Float64Array(SIC_CODES.length),
    cic: new Float64Array(SAMPLE_THEMES.length),
  };
  if (indices.length === 0) return p;
  const share = 1 / indices.length;
  for (const i of indices) {
    const t = ds.theme[i] ?? 0;
    p.theme[t]! += share;
    const t2 = ds.theme2[i] ?? NO_THEME;
    if (t2 !== NO_THEME) p.theme[t2]! += share * 0.5;
    p.sic[ds.sic[i] ?? 0]! += share;
    SAMPLE_THEMES.forEach((other, k) => {
      if (other.cic === SAMPLE_THEMES[t]?.cic) p.cic[k]! += share;
    });
  }
  return p;
}

function similarity(ds: Dataset, p: Profile, i: number): number {
  const t = ds.theme[i] ?? 0;
  const t2 = ds.theme2[i] ?? NO_THEME;
  const theme = Math.min(1, Math.max(p.theme[t] ?? 0, t2 === NO_THEME ? 0 : (p.theme[t2] ?? 0) * 0.7));
  return (
    WEIGHTS.theme * theme +
    WEIGHTS.sic * Math.min(1, p.sic[ds.sic[i] ?? 0] ?? 0) +
    WEIGHTS.cic * Math.min(1, p.cic[t] ?? 0)
  );
}

/** Company indices scoring above the floor, best first, with their scores. */
export function classify(
  ds: Dataset,
  yes: Int32Array,
  no: Int32Array,
): { indices: number[]; scores: Map<number, number> } {
  const py = profile(ds, yes);
  const pn = profile(ds, no);
  const excluded = new Set([...yes, ...no]);
  const scores = new Map<number, number>();
  for (let i = 0; i < ds.size; i++) {
    if (excluded.has(i)) continue;
    const s = similarity(ds, py, i) - (no.length > 0 ? similarity(ds, pn, i) : 0);
    if (s > MIN_CLASSIFY_SCORE) scores.set(i, round(Math.min(1, s), 4));
  }
  const indices = [...scores.keys()].sort(
    (a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || (ds.numberCodes[a] ?? 0) - (ds.numberCodes[b] ?? 0),
  );
  return { indices, scores };
}

export function postClassify(state: SandboxState, req: RequestContext, scopes: Scopes): Reply {
  const parsed = readJsonObject(req);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value;
  const yes = stringArray(body, "yes");
  if (isReply(yes)) return yes;
  const no = stringArray(body, "no");
  if (isReply(no)) return no;
  if (!yes) return validationError("yes", "The yes field is required.");
  if (!no) return validationError("no", "The no field is required.");
  const paging = readPaging(body.returnCount, 0);
  if (!paging.ok) return paging.reply;
  const yesIdx = indicesOfNumbers(state.ds, yes);
  if (yesIdx.length === 0) return validationError("yes", "None of the yes company numbers is a known company.");
  const { indices, scores } = classify(state.ds, yesIdx, indicesOfNumbers(state.ds, no));
  return json(
    200,
    listEnvelope(state, scopes, indices, {
      returnCount: paging.returnCount,
      skip: 0,
      withInsights: false,
      extra: (i) => ({ Score: scores.get(i) ?? 0 }),
    }),
  );
}
