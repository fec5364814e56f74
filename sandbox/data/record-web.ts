import { type CompanyContext, titleCase } from "./record-context";
import { phoneNumber } from "./record-places";
import { chance, intBetween, pick, round, sample } from "./prng";

/** What the service reads off a company's website: description, links, contacts, keywords. */

const SALT = 0x3eb1;
const AUDIENCES = [
  "businesses",
  "public sector clients",
  "households",
  "manufacturers",
  "retailers",
  "healthcare providers",
  "local communities",
];

/** The description the instant classifier reads back when asked about this company's website. */
export function describe(ctx: CompanyContext): string {
  const rng = ctx.rng(SALT);
  const words = sample(rng, ctx.theme.keywords, 3);
  const extra = ctx.theme2 ? ` We also work in ${pick(rng, ctx.theme2.keywords)}.` : "";
  return `${titleCase(ctx.name)} is a ${ctx.area.town}-based company specialising in ${words.join(", ")} for ${pick(rng, AUDIENCES)} across ${ctx.area.nation === "England" ? "the UK" : ctx.area.nation}.${extra}`;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/\b(limited|ltd|plc|llp)\b/g, "")
    .trim()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function webFields(ctx: CompanyContext): Record<string, unknown> {
  const rng = ctx.rng(SALT + 1);
  const out: Record<string, unknown> = {
    CompanyDescription: ctx.domain ? describe(ctx) : "",
    EmailAddresses: [],
    PhoneNumbers: [],
    UsesWWW: false,
    SectorKeywords: sample(rng, ctx.theme.keywords, 3),
    ESGStatementAnchors: [],
  };
  if (!ctx.domain) return out;
  const handle = slug(ctx.name);
  const socials: [string, number, (h: string) => string][] = [
    ["Linkedin", 0.7, (h) => `https://www.linkedin.com/company/${h}`],
    ["Twitter", 0.4, (h) => `https://twitter.com/${h.replace(/-/g, "").slice(0, 15)}`],
    ["Facebook", 0.35, (h) => `https://www.facebook.com/${h}`],
    ["Instagram", 0.25, (h) => `https://www.instagram.com/${h.replace(/-/g, "")}`],
    ["Youtube", 0.1, (h) => `https://www.youtube.com/@${h.replace(/-/g, "")}`],
    ["Bluesky", 0.05, (h) => `https://bsky.app/profile/${h.replace(/-/g, "")}.bsky.social`],
  ];
  for (const [field, p, url] of socials) if (chance(rng, p)) out[field] = url(handle);
  out.Homepage_domain = ctx.domain;
  out.UsesWWW = chance(rng, 0.7);
  out.EmailAddresses = [`info@${ctx.domain}`, ...(chance(rng, 0.4) ? [`hello@${ctx.domain}`] : [])];
  out.PhoneNumbers = [phoneNumber(ctx.area.town, intBetween(rng, 0, 999))];
  if (ctx.theme.esg || chance(rng, 0.05)) {
    out.ESGStatementAnchors = [
      {
        Anchor: pick(rng, ["Our sustainability commitment", "Net zero pledge", "Environmental policy"]),
        Domain: ctx.domain,
        Word: pick(rng, ["net zero", "sustainability", "carbon neutral"]),
      },
    ];
  }
  const confidence = rng();
  out.URLMatchStats = {
    MatchedWebsite: `https://${out.UsesWWW ? "www." : ""}${ctx.domain}`,
    MatchedWebsiteConfidence: confidence > 0.3 ? "High" : "Medium",
    MatchedWebsiteReasoning: [
      "Company name found in page title",
      ...(confidence > 0.5 ? ["Registered postcode found on contact page"] : []),
      ...(confidence > 0.8 ? ["Company number found in footer"] : []),
    ],
    MatchedWebsiteScore: round(0.5 + confidence * 0.5, 3),
  };
  return out;
}
