import { NAICS_CODES } from "../data/naics";
import { SAMPLE_THEMES } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";

/**
 * The four markets of the multi-market service and their own code schemes (CONTRACT-CHOICES):
 * us NAICS 2022, fr NAF rév. 2 (`62.01Z`), de WZ 2008 (`62.01`), ie NACE Rev. 2 (`62.01`); the
 * European codes are the NACE classes of the real UK SIC 2007 codes (UK SIC extends NACE). Regions
 * are real; cities and postal codes are plausible samples.
 */

export type MarketCode = "us" | "fr" | "de" | "ie";
export const MARKETS: readonly MarketCode[] = ["us", "fr", "de", "ie"];

export interface Region {
  readonly Code: string;
  readonly Name: string;
  readonly cities: readonly string[];
  /** Postal code for a random draw 0..1. */
  readonly postal: (r: number, r2: number) => string;
}

export interface MarketSpec {
  readonly code: MarketCode;
  readonly currency: string;
  readonly codeName: string;
  readonly codes: readonly { Code: string; Description: string }[];
  /** Market codes of a sample theme. */
  readonly codesOfTheme: (theme: number) => string[];
  readonly regions: readonly Region[];
  readonly surnames: readonly string[];
  readonly words: readonly string[];
  readonly forms: readonly string[];
}

const digits = (r: number, n: number) => String(Math.floor(r * 10 ** n)).padStart(n, "0");
const range =
  (lo: number, hi: number, width = 5) =>
  (r: number) =>
    String(lo + Math.floor(r * (hi - lo))).padStart(width, "0");
const EIRCODE = "ACDEFHKNPRTVWXY0123456789";
const eircode = (key: string) => (r: number, r2: number) =>
  `${key} ${[r, r2, (r * 7) % 1, (r2 * 13) % 1].map((x) => EIRCODE[Math.floor(x * EIRCODE.length)] ?? "A").join("")}`;

/** NACE wording for classes that UK SIC splits into several subclasses; others read as their one UK subclass. */
const NACE_CLASS_NAMES: Readonly<Record<string, string>> = {
  "41.20": "Construction of residential and non-residential buildings",
  "43.34": "Painting and glazing",
  "45.11": "Sale of cars and light motor vehicles",
  "47.78": "Other retail sale of new goods in specialised stores",
  "52.10": "Warehousing and storage",
  "53.20": "Other postal and courier activities",
  "55.20": "Holiday and other short-stay accommodation",
  "56.10": "Restaurants and mobile food service activities",
  "59.11": "Motion picture, video and television programme production activities",
  "62.01": "Computer programming activities",
  "64.19": "Other monetary intermediation",
  "64.20": "Activities of holding companies",
  "64.30": "Trusts, funds and similar financial entities",
  "64.92": "Other credit granting",
  "68.20": "Rental and operating of own or leased real estate",
  "69.10": "Legal activities",
  "69.20": "Accounting, bookkeeping and auditing activities; tax consultancy",
  "70.22": "Business and other management consultancy activities",
  "71.12": "Engineering activities and related technical consultancy",
  "74.90": "Other professional, scientific and technical activities n.e.c.",
  "82.30": "Organisation of conventions and trade shows",
  "86.10": "Hospital activities",
};

function naceClasses(suffix: string): { Code: string; Description: string }[] {
  const seen = new Map<string, string>();
  for (const s of SIC_CODES) {
    const nace = `${s.code.slice(0, 2)}.${s.code.slice(2, 4)}`;
    if (!seen.has(nace + suffix)) seen.set(nace + suffix, NACE_CLASS_NAMES[nace] ?? s.description);
  }
  return [...seen].map(([Code, Description]) => ({ Code, Description }));
}
const naceOfTheme = (suffix: string) => (theme: number) => [
  ...new Set((SAMPLE_THEMES[theme]?.sics ?? []).map((s) => `${s.slice(0, 2)}.${s.slice(2, 4)}${suffix}`)),
];
const split = (s: string) => s.split(",").map((x) => x.trim());

export const MARKET_SPECS: Readonly<Record<MarketCode, MarketSpec>> = {
  us: {
    code: "us",
    currency: "USD",
    codeName: "NAICS 2022",
    codes: NAICS_CODES.map((n) => ({ Code: n.code, Description: n.description })),
    codesOfTheme: (t) => [...(SAMPLE_THEMES[t]?.naics ?? [])],
    regions: [
      {
        Code: "CA",
        Name: "California",
        cities: ["San Francisco", "Los Angeles", "San Diego", "San Jose"],
        postal: range(90000, 96100),
      },
      { Code: "NY", Name: "New York", cities: ["New York", "Buffalo", "Rochester"], postal: range(10001, 14900) },
      { Code: "TX", Name: "Texas", cities: ["Austin", "Houston", "Dallas"], postal: range(75001, 79900) },
      { Code: "MA", Name: "Massachusetts", cities: ["Boston", "Cambridge", "Worcester"], postal: range(1001, 2790) },
      { Code: "WA", Name: "Washington", cities: ["Seattle", "Spokane", "Tacoma"], postal: range(98001, 99400) },
      { Code: "IL", Name: "Illinois", cities: ["Chicago", "Springfield"], postal: range(60001, 62900) },
      { Code: "FL", Name: "Florida", cities: ["Miami", "Orlando", "Tampa"], postal: range(32003, 34990) },
      { Code: "GA", Name: "Georgia", cities: ["Atlanta", "Savannah"], postal: range(30002, 31990) },
      { Code: "CO", Name: "Colorado", cities: ["Denver", "Boulder"], postal: range(80001, 81650) },
      { Code: "PA", Name: "Pennsylvania", cities: ["Philadelphia", "Pittsburgh"], postal: range(15001, 19640) },
    ],
    surnames: split(
      "Johnson, Miller, Garcia, Rodriguez, Martinez, Anderson, Thomas, Jackson, White, Harris, Clark, Lewis, Walker, Young, Allen, King, Wright, Lopez, Hill, Scott",
    ),
    words: split(
      "Analytics, Systems, Technologies, Solutions, Partners, Labs, Energy, Health, Logistics, Capital, Foods, Robotics, Software, Networks, Builders",
    ),
    forms: ["Inc.", "LLC", "Corp.", "Inc."],
  },
  fr: {
    code: "fr",
    currency: "EUR",
    codeName: "NAF rév. 2",
    codes: naceClasses("Z"),
    codesOfTheme: naceOfTheme("Z"),
    regions: [
      { Code: "75", Name: "Paris", cities: ["Paris"], postal: (r) => `750${digits(r * 0.2 + 0.01, 2)}` },
      { Code: "69", Name: "Rhône", cities: ["Lyon", "Villeurbanne"], postal: (r) => `69${digits(r, 3)}` },
      {
        Code: "13",
        Name: "Bouches-du-Rhône",
        cities: ["Marseille", "Aix-en-Provence"],
        postal: (r) => `13${digits(r, 3)}`,
      },
      { Code: "33", Name: "Gironde", cities: ["Bordeaux", "Mérignac"], postal: (r) => `33${digits(r, 3)}` },
      { Code: "31", Name: "Haute-Garonne", cities: ["Toulouse"], postal: (r) => `31${digits(r, 3)}` },
      { Code: "59", Name: "Nord", cities: ["Lille", "Roubaix"], postal: (r) => `59${digits(r, 3)}` },
      { Code: "67", Name: "Bas-Rhin", cities: ["Strasbourg"], postal: (r) => `67${digits(r, 3)}` },
      { Code: "44", Name: "Loire-Atlantique", cities: ["Nantes", "Saint-Nazaire"], postal: (r) => `44${digits(r, 3)}` },
      {
        Code: "06",
        Name: "Alpes-Maritimes",
        cities: ["Nice", "Cannes", "Antibes"],
        postal: (r) => `06${digits(r, 3)}`,
      },
      { Code: "35", Name: "Ille-et-Vilaine", cities: ["Rennes", "Saint-Malo"], postal: (r) => `35${digits(r, 3)}` },
    ],
    surnames: split(
      "Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent, Lefebvre, Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier",
    ),
    words: split(
      "Conseil, Solutions, Technologies, Services, Industrie, Groupe, Logistique, Énergie, Santé, Immobilier, Ingénierie, Numérique",
    ),
    forms: ["SAS", "SARL", "SA", "SAS"],
  },
  de: {
    code: "de",
    currency: "EUR",
    codeName: "WZ 2008",
    codes: naceClasses(""),
    codesOfTheme: naceOfTheme(""),
    regions: [
      { Code: "BE", Name: "Berlin", cities: ["Berlin"], postal: range(10115, 14199) },
      { Code: "BY", Name: "Bayern", cities: ["München", "Nürnberg", "Augsburg"], postal: range(80331, 97999) },
      {
        Code: "BW",
        Name: "Baden-Württemberg",
        cities: ["Stuttgart", "Karlsruhe", "Freiburg im Breisgau"],
        postal: range(68001, 79999),
      },
      {
        Code: "NW",
        Name: "Nordrhein-Westfalen",
        cities: ["Köln", "Düsseldorf", "Dortmund"],
        postal: range(40210, 59999),
      },
      { Code: "HE", Name: "Hessen", cities: ["Frankfurt am Main", "Wiesbaden"], postal: range(60311, 65999) },
      { Code: "HH", Name: "Hamburg", cities: ["Hamburg"], postal: range(20095, 22769) },
      { Code: "NI", Name: "Niedersachsen", cities: ["Hannover", "Braunschweig"], postal: range(26001, 31999) },
      { Code: "SN", Name: "Sachsen", cities: ["Dresden", "Leipzig"], postal: range(1067, 4999) },
    ],
    surnames: split(
      "Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Schäfer, Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann",
    ),
    words: split(
      "Technik, Maschinenbau, Software, Logistik, Beratung, Energie, Bau, Immobilien, Medizintechnik, Handel, Systeme, Digital",
    ),
    forms: ["GmbH", "AG", "GmbH & Co. KG", "GmbH"],
  },
  ie: {
    code: "ie",
    currency: "EUR",
    codeName: "NACE Rev. 2",
    codes: naceClasses(""),
    codesOfTheme: naceOfTheme(""),
    regions: [
      { Code: "D", Name: "Dublin", cities: ["Dublin", "Dún Laoghaire", "Swords"], postal: eircode("D02") },
      { Code: "C", Name: "Cork", cities: ["Cork", "Cobh"], postal: eircode("T12") },
      { Code: "G", Name: "Galway", cities: ["Galway"], postal: eircode("H91") },
      { Code: "L", Name: "Limerick", cities: ["Limerick"], postal: eircode("V94") },
      { Code: "WD", Name: "Waterford", cities: ["Waterford"], postal: eircode("X91") },
      { Code: "KY", Name: "Kerry", cities: ["Tralee", "Killarney"], postal: eircode("V92") },
      { Code: "KE", Name: "Kildare", cities: ["Naas", "Maynooth"], postal: eircode("W23") },
      { Code: "MH", Name: "Meath", cities: ["Navan", "Ashbourne"], postal: eircode("C15") },
    ],
    surnames: split(
      "Murphy, Kelly, O'Sullivan, Walsh, Smith, O'Brien, Byrne, Ryan, O'Connor, O'Neill, Reilly, Doyle, McCarthy, Gallagher, O'Doherty, Kennedy, Lynch, Murray, Quinn, Moore",
    ),
    words: split(
      "Software, Engineering, Pharma, Foods, Logistics, Consulting, Energy, Construction, Medical, Analytics, Agri, Systems",
    ),
    forms: ["Limited", "DAC", "Limited", "Unlimited Company"],
  },
};
