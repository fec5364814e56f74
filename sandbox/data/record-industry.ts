import type { CompanyContext } from "./record-context";
import { type Dataset, companyNumberOf } from "./dataset";
import { chance, pick, round, sample } from "./prng";
import { type Theme, SAMPLE_THEMES, cicOf } from "./rtics";
import { sicAt, sicDivision } from "./sic2007";

/** Classification fields: SICs, RSICs, RTICs, CICs, IS8 codes, keywords, trade, similar companies. */

const SALT = 0x1d57;
const INNOVATIVE_VERTICALS = new Set(["V-DIGI", "V-LIFE", "V-NETZ"]);
const MANUFACTURING_VERTICALS = new Set(["V-MANU"]);

/** INFERRED sample mapping from the sample verticals to the Industrial Strategy's eight sectors. */
const IS8: Readonly<Record<string, readonly [string, string]>> = {
  "V-DIGI": ["IS8-DT", "Digital and Technologies"],
  "V-LIFE": ["IS8-LS", "Life Sciences"],
  "V-NETZ": ["IS8-CE", "Clean Energy Industries"],
  "V-MANU": ["IS8-AM", "Advanced Manufacturing"],
  "V-CREA": ["IS8-CI", "Creative Industries"],
  "V-FPS": ["IS8-PBS", "Professional and Business Services"],
};

/** Real HS headings, for `CompanyExports` / `CompanyImports` of goods-making companies. */
const COMMODITIES: readonly (readonly [string, string])[] = [
  ["8471", "Automatic data-processing machines and units thereof"],
  ["8708", "Parts and accessories of motor vehicles"],
  ["3004", "Medicaments, packaged for retail sale"],
  ["2208", "Spirits, liqueurs and other spirituous beverages"],
  ["8411", "Turbo-jets, turbo-propellers and other gas turbines"],
  ["9018", "Instruments and appliances used in medical sciences"],
  ["8507", "Electric accumulators"],
  ["2203", "Beer made from malt"],
  ["1905", "Bread, pastry, cakes, biscuits and other bakers' wares"],
];

const themeMembers = new WeakMap<Dataset, Int32Array[]>();

/** Company indices per primary theme, built once per dataset (for similar-company lists). */
export function membersOfTheme(ds: Dataset, theme: number): Int32Array {
  let lists = themeMembers.get(ds);
  if (!lists) {
    const counts = new Int32Array(SAMPLE_THEMES.length);
    for (let i = 0; i < ds.size; i++) counts[ds.theme[i] ?? 0]!++;
    lists = Array.from(counts, (c) => new Int32Array(c));
    const fill = new Int32Array(SAMPLE_THEMES.length);
    for (let i = 0; i < ds.size; i++) {
      const t = ds.theme[i] ?? 0;
      (lists[t] as Int32Array)[fill[t]!++] = i;
    }
    themeMembers.set(ds, lists);
  }
  return lists[theme] ?? new Int32Array(0);
}

function similar(ctx: CompanyContext, rng: () => number, themeIndex: number, count: number): Record<string, unknown>[] {
  const members = membersOfTheme(ctx.ds, themeIndex);
  const out: Record<string, unknown>[] = [];
  for (let k = 0; k < count * 3 && out.length < count && members.length > 1; k++) {
    const other = members[Math.floor(rng() * members.length)] ?? ctx.i;
    if (other === ctx.i) continue;
    out.push({
      CompanyOne: ctx.number,
      CompanyTwo: companyNumberOf(ctx.ds, other),
      Similarity: round(0.6 + rng() * 0.39, 3),
    });
  }
  return out.sort((a, b) => Number(b.Similarity) - Number(a.Similarity));
}

function rticItems(ctx: CompanyContext, rng: () => number): Record<string, unknown>[] {
  const themes: [Theme, number][] = [[ctx.theme, 0.8 + rng() * 0.2]];
  if (ctx.theme2 && ctx.theme2 !== ctx.theme) themes.push([ctx.theme2, 0.45 + rng() * 0.3]);
  return themes.map(([t, score]) => ({ Code: t.code, Description: t.description, Score: round(score, 3) }));
}

export function industryFields(ctx: CompanyContext): Record<string, unknown> {
  const rng = ctx.rng(SALT);
  const primary = sicAt(ctx.ds.sic[ctx.i] ?? 0).code;
  const second = pick(rng, ctx.theme.sics);
  const sicCodes = chance(rng, 0.3) && second !== primary ? [primary, second] : [primary];
  const cic = cicOf(ctx.theme);
  const themes = ctx.theme2 ? [ctx.theme, ctx.theme2] : [ctx.theme];
  const vertical = cic.VerticalCode;
  const is8 = themes.flatMap((t) => {
    const s = IS8[cicOf(t).VerticalCode];
    return s ? [{ ISCode: s[0], ISCodeName: s[1], ISVerticalCode: t.code, ISVerticalName: t.description }] : [];
  });
  const trades =
    MANUFACTURING_VERTICALS.has(vertical) || ctx.theme.code === "RTIC-0029" || ctx.theme.code === "RTIC-0010";
  const trade = (salt: number) =>
    trades && chance(rng, 0.5)
      ? sample(rng, COMMODITIES, 2).map(([CommodityCode, CommodityDescription]) => ({
          Year: 2025 - salt,
          CommodityCode,
          CommodityDescription,
          Count: 1 + Math.floor(rng() * 12),
        }))
      : [];
  return {
    SICs: sicCodes,
    SICHLUs: Array.from(new Set(sicCodes.map(sicDivision))),
    RSICs: ctx.theme.sics.map((code, k) => ({ SIC_Code: code, Score: round(0.9 - k * 0.2 - rng() * 0.1, 3) })),
    RTICs: rticItems(ctx, rng),
    CICs: [{ ...cic }],
    IS8Codes: is8,
    ESG_RTIC: themes.some((t) => t.esg),
    InnovationScore: round((INNOVATIVE_VERTICALS.has(vertical) ? 0.45 : 0.05) + rng() * 0.5, 3),
    InnovationKeywords: INNOVATIVE_VERTICALS.has(vertical) ? sample(rng, ctx.theme.keywords, 2) : [],
    ManufacturingKeywords: MANUFACTURING_VERTICALS.has(vertical) ? sample(rng, ctx.theme.keywords, 2) : [],
    IsBCorp: chance(rng, 0.005),
    IsLikelyCompanyFormationAgent: chance(rng, 0.002),
    CompanyExports: trade(0),
    CompanyImports: trade(1),
    SimilarCompanies: similar(ctx, rng, ctx.ds.theme[ctx.i] ?? 0, 3),
    SimilarCompositeCompanies: similar(
      ctx,
      rng,
      ctx.ds.theme2[ctx.i] !== 255 ? (ctx.ds.theme2[ctx.i] ?? 0) : (ctx.ds.theme[ctx.i] ?? 0),
      2,
    ),
  };
}
