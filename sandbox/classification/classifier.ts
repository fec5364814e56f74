import { type Dataset, domainOf, isActive, companyNumberOf } from "../data/dataset";
import { naicsByCode } from "../data/naics";
import { round } from "../data/prng";
import { makeContext } from "../data/record-context";
import { membersOfTheme } from "../data/record-industry";
import { describe } from "../data/record-web";
import { SAMPLE_THEMES } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";
import { domainOfUrl } from "../product/website";
import { contentWords, countPhrase, words } from "./text";

/**
 * The instant classifier: a keyword model over the sample RTIC catalogue. Each theme scores by the
 * keywords (single words and phrases) its text contains; SICs score by overlap with the real SIC
 * descriptions; RSICs and RNAICs follow from the best themes; similar companies come from the
 * dataset's companies of the best theme. Item shapes per CONTRACT-CHOICES.
 */

export interface Classification {
  RTICs: { Code: string; Description: string; Score: number; WordsMatched: number }[];
  SICs: { Code: string; Description: string; Score: number }[];
  RSICs: { Code: string; Description: string; Score: number }[];
  RNAICs: { Code: string; Description: string; Score: number }[];
  SimilarCompanies: { CompanyNumber: string; CompanyName: string; Similarity: number }[];
  TotalWordsProcessed: number;
}

const TOP_RTICS = 5;
const TOP_CODES = 3;
const SIMILAR = 5;

const THEME_PHRASES = SAMPLE_THEMES.map((t) => t.keywords.map((k) => words(k)));
const SIC_WORDS = SIC_CODES.map((s) => new Set(contentWords(s.description)));
const KEYWORD_STEMS = [...new Set(THEME_PHRASES.flat(2))]
  .filter((w) => w.length >= 3)
  .sort((a, b) => b.length - a.length);

const saturate = (raw: number) => round(1 - Math.exp(-raw / 2), 4);

export function classifyText(ds: Dataset, text: string): Classification {
  const all = words(text);
  const scored = THEME_PHRASES.map((phrases, t) => {
    let raw = 0;
    let matched = 0;
    for (const phrase of phrases) {
      const n = countPhrase(all, phrase);
      if (n === 0) continue;
      raw += (phrase.length > 1 ? 1.5 : 1) * (1 + Math.log(n));
      matched += n * phrase.length;
    }
    return { t, raw, matched };
  })
    .filter((s) => s.raw > 0)
    .sort((a, b) => b.raw - a.raw || a.t - b.t)
    .slice(0, TOP_RTICS);
  const content = new Set(contentWords(text));
  const sics = SIC_CODES.map((s, k) => {
    const desc = SIC_WORDS[k] ?? new Set<string>();
    let overlap = 0;
    for (const w of desc) if (content.has(w)) overlap++;
    return { Code: s.code, Description: s.description, Score: desc.size === 0 ? 0 : round(overlap / desc.size, 4) };
  })
    .filter((s) => s.Score > 0)
    .sort((a, b) => b.Score - a.Score || a.Code.localeCompare(b.Code))
    .slice(0, TOP_CODES);
  const fromThemes = (codesOf: (t: number) => readonly string[], describeCode: (code: string) => string) => {
    const acc = new Map<string, number>();
    for (const s of scored)
      codesOf(s.t).forEach((code, k) => acc.set(code, Math.max(acc.get(code) ?? 0, saturate(s.raw) * (1 - k * 0.15))));
    return [...acc]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_CODES)
      .map(([Code, Score]) => ({ Code, Description: describeCode(Code), Score: round(Score, 4) }));
  };
  const best = scored[0];
  return {
    RTICs: scored.map((s) => ({
      Code: SAMPLE_THEMES[s.t]!.code,
      Description: SAMPLE_THEMES[s.t]!.description,
      Score: saturate(s.raw),
      WordsMatched: s.matched,
    })),
    SICs: sics,
    RSICs: fromThemes(
      (t) => SAMPLE_THEMES[t]!.sics,
      (code) => SIC_CODES.find((s) => s.code === code)?.description ?? "",
    ),
    RNAICs: fromThemes(
      (t) => SAMPLE_THEMES[t]!.naics,
      (code) => naicsByCode(code).description,
    ),
    SimilarCompanies: best ? similarCompanies(ds, best.t, saturate(best.raw)) : [],
    TotalWordsProcessed: all.length,
  };
}

function similarCompanies(ds: Dataset, theme: number, score: number): Classification["SimilarCompanies"] {
  const out: Classification["SimilarCompanies"] = [];
  for (const i of membersOfTheme(ds, theme)) {
    if (!isActive(ds, i) || domainOf(ds, i) === null) continue;
    out.push({
      CompanyNumber: companyNumberOf(ds, i),
      CompanyName: ds.names[i] ?? "",
      Similarity: round(score * (0.95 - out.length * 0.05), 4),
    });
    if (out.length >= SIMILAR) break;
  }
  return out;
}

/** The text a website stands for: the known company's description, else the words of its address. */
export function websiteText(ds: Dataset, url: string): string {
  const domain = domainOfUrl(url);
  const known = ds.domainIndex.find(domain).find((i) => isActive(ds, i));
  if (known !== undefined) return describe(makeContext(ds, known));
  const chunks =
    url
      .toLowerCase()
      .replace(/^[a-z]+:\/\//, "")
      .replace(/^www\./, "")
      .replace(/\.(co\.uk|com|org|net|io|uk|ai|co)(?=$|[/?#])/g, " ")
      .match(/[a-z]+/g) ?? [];
  const found: string[] = [];
  for (const chunk of chunks) {
    let rest = chunk;
    for (const stem of KEYWORD_STEMS) {
      if (rest.includes(stem)) {
        found.push(stem);
        rest = rest.replace(stem, " ");
      }
    }
  }
  return found.length > 0 ? found.join(" ") : chunks.join(" ");
}
