import { normaliseName } from "../matching/normalise";
import { NUMBER_PREFIXES, type NumberPrefix, encodeNumber, sortByNumber } from "./company-number";
import {
  groupBrand,
  groupMemberName,
  groupRootName,
  nearDuplicateName,
  standaloneName,
  twinName,
  withQualifier,
} from "./company-names";
import { type Dataset, FLAG, type GroupInfo, NO_THEME, STATUS, domainOf } from "./dataset";
import { planGroups, levelsOf } from "./groups";
import { incorporationDay } from "./incorporation";
import { POSTCODE_AREAS } from "./postcodes";
import { type Rng, chance, mixSeed, mulberry32, skewed } from "./prng";
import { HOLDING_THEME, SAMPLE_THEMES, themeAt } from "./rtics";
import { sicIndex } from "./sic2007";
import { StringIndex } from "./string-index";

/** Builds the whole compact dataset from a seed; the same seed and size always give the same data. */

export const MAX_COMPANIES = 2_000_000;

/** INFERRED rates: dissolved twins 1 % + other dissolved 2 % ≈ the 3 % dissolved the brief asks for. */
const TWIN_RATE = 0.01;
const NEAR_DUPLICATE_RATE = 0.005;
const OTHER_STATUS: readonly [status: number, p: number][] = [
  [STATUS.DISSOLVED, 0.023],
  [STATUS.STRIKE_OFF, 0.01],
  [STATUS.LIQUIDATION, 0.005],
  [STATUS.ADMINISTRATION, 0.005],
  [STATUS.DORMANT, 0.01],
];
const PREFIX_SHARE: Readonly<Record<NumberPrefix, number>> = {
  "": 0.8,
  FC: 0.04,
  NC: 0.005,
  NI: 0.03,
  OC: 0.03,
  R0: 0.005,
  SC: 0.08,
  SO: 0.01,
};
/** Highest number issued so far per prefix on the real register, roughly; gaps spread numbers up to it. */
const PREFIX_MAX: Readonly<Record<NumberPrefix, number>> = {
  "": 16_500_000,
  FC: 42_000,
  NC: 2_500,
  NI: 720_000,
  OC: 450_000,
  R0: 9_000,
  SC: 850_000,
  SO: 310_000,
};

function cumulative(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w));
  return out.map((v) => v / sum);
}

function pickCumulative(rng: Rng, cum: Float64Array): number {
  const r = rng();
  let i = 0;
  while (i < cum.length - 1 && (cum[i] ?? 1) < r) i++;
  return i;
}

const THEME_CUM = cumulative(SAMPLE_THEMES.map((t) => t.weight));
const PREFIX_CUM = cumulative(NUMBER_PREFIXES.map((p) => PREFIX_SHARE[p]));
function areaCum(nations: string[]): Float64Array {
  return cumulative(POSTCODE_AREAS.map((a) => (nations.includes(a.nation) ? a.weight : 0)));
}
const AREA_CUM: Readonly<Record<string, Float64Array>> = {
  EW: areaCum(["England", "Wales"]),
  S: areaCum(["Scotland"]),
  N: areaCum(["Northern Ireland"]),
  ALL: areaCum(["England", "Wales", "Scotland", "Northern Ireland"]),
};
function areaCumFor(prefix: NumberPrefix): Float64Array {
  if (prefix === "SC" || prefix === "SO") return AREA_CUM.S as Float64Array;
  if (prefix === "NI" || prefix === "NC" || prefix === "R0") return AREA_CUM.N as Float64Array;
  return (prefix === "FC" ? AREA_CUM.ALL : AREA_CUM.EW) as Float64Array;
}

class Builder {
  readonly names: string[];
  /** Normalised names while generating, so uniqueness checks need not normalise again. */
  readonly keys: string[];
  readonly prefix: Uint8Array;
  readonly ds: Omit<Dataset, "byNumber" | "sortedCodes" | "domainIndex" | "groups"> & { groups: GroupInfo[] };

  constructor(
    readonly rng: Rng,
    seed: number,
    readonly n: number,
  ) {
    this.names = new Array<string>(n);
    this.keys = new Array<string>(n);
    this.prefix = new Uint8Array(n);
    const names = this.names;
    const keys = this.keys;
    this.ds = {
      seed,
      size: n,
      names,
      numberCodes: new Int32Array(n),
      status: new Uint8Array(n),
      theme: new Uint8Array(n),
      theme2: new Uint8Array(n).fill(NO_THEME),
      sic: new Uint16Array(n),
      area: new Uint8Array(n),
      flags: new Uint8Array(n),
      employees: new Int32Array(n),
      turnover: new Float64Array(n),
      incorporatedDay: new Int32Array(n),
      groupOf: new Int32Array(n).fill(-1),
      parentOf: new Int32Array(n).fill(-1),
      level: new Uint8Array(n),
      groups: [],
      nameIndex: new StringIndex(
        n,
        (i) => keys[i] ?? (names[i] === undefined ? null : normaliseName(names[i] as string)),
      ),
      domainOverrides: new Map(),
    };
  }

  /**
   * Registers a name, making it distinct from every other unless `allowSameKey` (dissolved twins).
   * `candidates(attempt)` proposes a name; later attempts may ask for roomier templates.
   */
  name(i: number, candidates: (attempt: number) => string, allowSameKey = false): void {
    let name = candidates(0);
    let key = normaliseName(name);
    for (let attempt = 1; !allowSameKey && this.ds.nameIndex.has(key); attempt++) {
      name = attempt < 4 ? candidates(attempt) : withQualifier(name, `NO. ${i}`);
      key = normaliseName(name);
    }
    this.names[i] = name;
    this.keys[i] = key;
    this.ds.nameIndex.add(i, key);
  }

  company(i: number, theme: number, prefix: NumberPrefix, area: number, status: number): void {
    const { rng, ds } = this;
    const t = themeAt(theme);
    ds.theme[i] = theme;
    if (chance(rng, 0.3)) ds.theme2[i] = pickCumulative(rng, THEME_CUM);
    ds.sic[i] = sicIndex(t.sics[Math.floor(rng() * t.sics.length)] ?? "99999");
    this.prefix[i] = NUMBER_PREFIXES.indexOf(prefix);
    ds.area[i] = area;
    ds.status[i] = status;
    const employees = Math.max(1, Math.round(skewed(rng, t.medianEmployees, 1.3)));
    ds.employees[i] = employees;
    ds.turnover[i] = Math.round(employees * t.turnoverPerHead * skewed(rng, 1, 0.4));
    let flags = 0;
    if (status !== STATUS.DISSOLVED) {
      if (chance(rng, employees >= 10 ? 0.75 : 0.4)) flags |= FLAG.HAS_ESTIMATE;
      if (chance(rng, 0.65)) flags |= FLAG.HAS_WEBSITE;
      if (chance(rng, t.medianEmployees >= 10 ? 0.08 : 0.02)) flags |= FLAG.FUNDED;
      if (chance(rng, 0.04)) flags |= FLAG.HIGH_GROWTH;
    }
    ds.flags[i] = flags;
  }

  randomStatus(): number {
    let r = this.rng();
    for (const [status, p] of OTHER_STATUS) {
      if (r < p) return status;
      r -= p;
    }
    return STATUS.ACTIVE;
  }

  randomPrefix(): NumberPrefix {
    return NUMBER_PREFIXES[pickCumulative(this.rng, PREFIX_CUM)] ?? "";
  }
}

function buildGroups(b: Builder): number {
  const { rng, ds } = b;
  let i = 0;
  planGroups(rng, b.n).forEach((plan, g) => {
    const brand = groupBrand(g);
    const root = i;
    const levels = levelsOf(plan);
    const groupTheme = pickCumulative(rng, THEME_CUM);
    const prefix: NumberPrefix = chance(rng, 0.15) ? "SC" : "";
    const home = pickCumulative(rng, areaCumFor(prefix));
    for (let k = 0; k < plan.size; k++, i++) {
      const theme = k === 0 ? HOLDING_THEME : chance(rng, 0.8) ? groupTheme : pickCumulative(rng, THEME_CUM);
      const memberPrefix: NumberPrefix = k > 0 && chance(rng, 0.1) ? b.randomPrefix() : prefix;
      const area = chance(rng, 0.7) ? home : pickCumulative(rng, areaCumFor(memberPrefix));
      b.name(i, () => (k === 0 ? groupRootName(rng, brand) : groupMemberName(rng, brand, themeAt(theme), k)));
      b.company(i, theme, memberPrefix, area, k === 0 ? STATUS.ACTIVE : b.randomStatus());
      ds.groupOf[i] = g;
      ds.parentOf[i] = k === 0 ? -1 : root + (plan.parents[k] ?? 0);
      ds.level[i] = levels[k] ?? 0;
      if (k === 0) ds.flags[i] = (ds.flags[i] ?? 0) | FLAG.HAS_WEBSITE | FLAG.HAS_ESTIMATE;
      else if (ds.status[i] !== STATUS.DISSOLVED && chance(rng, 0.5))
        ds.flags[i] = (ds.flags[i] ?? 0) | FLAG.HAS_WEBSITE | FLAG.INHERITED_WEBSITE;
    }
    ds.groups.push({ id: g, root, size: plan.size, brand });
  });
  return i;
}

function buildStandalone(b: Builder, first: number): void {
  const { rng, ds, names } = b;
  for (let i = first; i < b.n; i++) {
    const r = rng();
    const j = i - first > 20 ? first + Math.floor(rng() * (i - first)) : -1;
    const base = j >= 0 && ds.status[j] === STATUS.ACTIVE && !(ds.flags[j]! & FLAG.TWIN) ? j : -1;
    const prefix = base >= 0 ? (NUMBER_PREFIXES[b.prefix[base] ?? 0] ?? "") : b.randomPrefix();
    if (base >= 0 && r < TWIN_RATE) {
      b.name(i, () => twinName(names[base] ?? ""), true);
      b.company(
        i,
        ds.theme[base] ?? 0,
        prefix,
        chance(rng, 0.5) ? (ds.area[base] ?? 0) : pickCumulative(rng, areaCumFor(prefix)),
        STATUS.DISSOLVED,
      );
      ds.flags[i] = (ds.flags[i] ?? 0) | FLAG.TWIN;
      continue;
    }
    const theme =
      base >= 0 && r < TWIN_RATE + NEAR_DUPLICATE_RATE ? (ds.theme[base] ?? 0) : pickCumulative(rng, THEME_CUM);
    const near = base >= 0 && r < TWIN_RATE + NEAR_DUPLICATE_RATE;
    b.name(i, (attempt) =>
      near && attempt === 0
        ? nearDuplicateName(rng, names[base] ?? "")
        : standaloneName(rng, themeAt(theme), prefix, attempt > 0),
    );
    b.company(i, theme, prefix, pickCumulative(rng, areaCumFor(prefix)), b.randomStatus());
    if (near) ds.flags[i] = (ds.flags[i] ?? 0) | FLAG.NEAR_DUPLICATE;
  }
}

/** Numbers are handed out in a shuffled order so groups and twins do not sit together in number order. */
function assignNumbers(b: Builder): void {
  const { rng, ds, n } = b;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = t;
  }
  const counts = new Array<number>(NUMBER_PREFIXES.length).fill(0);
  for (let i = 0; i < n; i++) counts[b.prefix[i] ?? 0]!++;
  const next = NUMBER_PREFIXES.map((p): number => (p === "" ? 10_000 : 1));
  const gaps = NUMBER_PREFIXES.map((p, r) =>
    Math.max(1, Math.floor((PREFIX_MAX[p] * 0.97) / Math.max(1, counts[r] ?? 1))),
  );
  for (const i of order) {
    const r = b.prefix[i] ?? 0;
    const p = NUMBER_PREFIXES[r] ?? "";
    const digits = next[r] ?? 1;
    next[r] = digits + 1 + Math.floor(rng() * ((gaps[r] ?? 1) * 2 - 1));
    ds.numberCodes[i] = encodeNumber(p, Math.min(digits, p === "" ? 99_999_999 : 999_999));
    ds.incorporatedDay[i] = incorporationDay(Math.min(1, digits / PREFIX_MAX[p]), rng(), p);
  }
}

export function generateDataset(options: { seed: number; companies: number }): Dataset {
  const n = Math.floor(options.companies);
  if (!(n >= 1 && n <= MAX_COMPANIES)) throw new Error(`companies must be between 1 and ${MAX_COMPANIES}`);
  const b = new Builder(mulberry32(mixSeed(options.seed, 0xda7a)), options.seed, n);
  buildStandalone(b, buildGroups(b));
  assignNumbers(b);
  const names = b.names;
  b.ds.nameIndex.setKeyOf((i) => (names[i] === undefined ? null : normaliseName(names[i] as string)));
  b.keys.length = 0;

  const { byNumber, sortedCodes } = sortByNumber(b.ds.numberCodes);
  const partial = { ...b.ds, byNumber, sortedCodes } as Omit<Dataset, "domainIndex">;
  const ds: Dataset = { ...partial, domainIndex: new StringIndex(n, (i) => domainOf(ds, i)) };
  for (let i = 0; i < n; i++) {
    const d = domainOf(ds, i);
    if (d !== null) ds.domainIndex.add(i, d);
  }
  return ds;
}
