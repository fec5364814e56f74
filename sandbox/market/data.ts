import { type Rng, chance, intBetween, mixSeed, mulberry32, pick, skewed } from "../data/prng";
import { SAMPLE_THEMES } from "../data/rtics";
import { MARKETS, MARKET_SPECS, type MarketCode, type MarketSpec } from "./markets";

/**
 * Each market's own companies, generated from the seed (a few thousand each, held as small records).
 * Record shape per CONTRACT-CHOICES: `{CompanyNumber, CompanyName, Market, Status, City, Region,
 * PostalCode, Website, NAICS, PrimaryCode, PrimaryDescription, Employees, Revenue, Currency,
 * IncorporationDate}`.
 */

export interface MarketCompany {
  CompanyNumber: string;
  CompanyName: string;
  Market: MarketCode;
  Status: string;
  City: string;
  Region: string;
  PostalCode: string;
  Website: string;
  NAICS: string[];
  PrimaryCode: string;
  PrimaryDescription: string;
  Employees: number;
  Revenue: number;
  Currency: string;
  IncorporationDate: string;
}

/** SIREN numbers carry a Luhn check digit; the sandbox's do too. */
function withLuhn(body: string): string {
  let sum = 0;
  for (let k = 0; k < body.length; k++) {
    let d = Number(body[body.length - 1 - k]);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function numberFor(market: MarketCode, rng: Rng): string {
  const n = (digits: number) => String(intBetween(rng, 10 ** (digits - 1), 10 ** digits - 1));
  if (market === "us") return `${n(2)}-${n(7)}`;
  if (market === "fr") return withLuhn(n(8));
  if (market === "de") return `${chance(rng, 0.85) ? "HRB" : "HRA"} ${n(5)}`;
  return n(6);
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&|\b(inc|llc|corp|sas|sarl|sa|gmbh|ag|co|kg|limited|dac|unlimited|company)\b/g, "")
    .replace(/[^a-z0-9]/g, "");
const TLD: Readonly<Record<MarketCode, string>> = { us: ".com", fr: ".fr", de: ".de", ie: ".ie" };

function company(spec: MarketSpec, rng: Rng, number: string): MarketCompany {
  const themeIndex = Math.floor(rng() * SAMPLE_THEMES.length);
  const codes = spec.codesOfTheme(themeIndex).filter((c) => spec.codes.some((x) => x.Code === c));
  const primary = codes[0] ?? spec.codes[0]?.Code ?? "";
  const region = pick(rng, spec.regions);
  const name =
    spec.code === "fr"
      ? `${pick(rng, spec.words)} ${pick(rng, spec.surnames)} ${pick(rng, spec.forms)}`
      : `${pick(rng, spec.surnames)} ${pick(rng, spec.words)} ${pick(rng, spec.forms)}`;
  const employees = Math.max(1, Math.round(skewed(rng, 12, 1.4)));
  return {
    CompanyNumber: number,
    CompanyName: name,
    Market: spec.code,
    Status: chance(rng, 0.95) ? "Active" : "Inactive",
    City: pick(rng, region.cities),
    Region: region.Code,
    PostalCode: region.postal(rng(), rng()),
    Website: chance(rng, 0.7) ? `https://www.${slug(name)}${TLD[spec.code]}` : "",
    NAICS: codes.slice(0, chance(rng, 0.3) ? 2 : 1),
    PrimaryCode: primary,
    PrimaryDescription: spec.codes.find((c) => c.Code === primary)?.Description ?? "",
    Employees: employees,
    Revenue: Math.round(
      employees * (SAMPLE_THEMES[themeIndex]?.turnoverPerHead ?? 100_000) * 1.2 * skewed(rng, 1, 0.3),
    ),
    Currency: spec.currency,
    IncorporationDate: new Date(Date.UTC(intBetween(rng, 1960, 2025), intBetween(rng, 0, 11), intBetween(rng, 1, 28)))
      .toISOString()
      .slice(0, 10),
  };
}

export function generateMarket(market: MarketCode, seed: number, count: number): MarketCompany[] {
  const rng = mulberry32(mixSeed(seed, MARKETS.indexOf(market), 0x3a7c));
  const spec = MARKET_SPECS[market];
  const seen = new Set<string>();
  const out: MarketCompany[] = [];
  while (out.length < count) {
    const number = numberFor(market, rng);
    if (seen.has(number)) continue;
    seen.add(number);
    out.push(company(spec, rng, number));
  }
  return out;
}
