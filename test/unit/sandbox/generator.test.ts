import { NUMBER_PREFIXES, formatNumber, parseNumber } from "../../../sandbox/data/company-number";
import { FLAG, STATUS, companyNumberOf, indexOfNumber } from "../../../sandbox/data/dataset";
import { generateDataset } from "../../../sandbox/data/generate";
import { buildRecord } from "../../../sandbox/data/record";
import { GENDER_CATEGORIES } from "../../../sandbox/data/record-people";
import { SAMPLE_THEMES } from "../../../sandbox/data/rtics";
import { naicsByCode } from "../../../sandbox/data/naics";
import { sicIndex } from "../../../sandbox/data/sic2007";
import { normaliseName } from "../../../sandbox/matching/normalise";

const ds = generateDataset({ seed: 11, companies: 5000 });

test("the same seed gives the same companies and records; another seed does not", () => {
  const again = generateDataset({ seed: 11, companies: 5000 });
  expect(again.names).toEqual(ds.names);
  expect(Array.from(again.numberCodes)).toEqual(Array.from(ds.numberCodes));
  expect(buildRecord(again, 1234)).toEqual(buildRecord(ds, 1234));
  expect(generateDataset({ seed: 12, companies: 5000 }).names).not.toEqual(ds.names);
});

test("company numbers are unique, 8 characters, in every real format including leading zeros", () => {
  const numbers = Array.from({ length: ds.size }, (_, i) => companyNumberOf(ds, i));
  expect(new Set(numbers).size).toBe(ds.size);
  for (const n of numbers) expect(n).toMatch(/^(\d{8}|(SC|NI|OC|SO|NC|R0|FC)\d{6})$/);
  for (const prefix of NUMBER_PREFIXES)
    expect(numbers.some((n) => (prefix === "" ? /^\d/.test(n) : n.startsWith(prefix)))).toBe(true);
  expect(numbers.some((n) => n.startsWith("000"))).toBe(true);
  for (const n of numbers.slice(0, 50)) expect(indexOfNumber(ds, n)).toBe(numbers.indexOf(n));
  expect(formatNumber(parseNumber("SC012345") ?? -1)).toBe("SC012345");
  expect(parseNumber("12345")).toBeNull();
});

test("about 3 % of companies are dissolved, and dissolved twins share an active company's name", () => {
  let dissolved = 0;
  let twins = 0;
  for (let i = 0; i < ds.size; i++) {
    if (ds.status[i] === STATUS.DISSOLVED) dissolved++;
    if ((ds.flags[i] ?? 0) & FLAG.TWIN) {
      twins++;
      const same = ds.nameIndex.find(normaliseName(ds.names[i] ?? "")).filter((j) => j !== i);
      expect(same.some((j) => ds.status[j] !== STATUS.DISSOLVED)).toBe(true);
      expect(ds.status[i]).toBe(STATUS.DISSOLVED);
    }
  }
  expect(dissolved / ds.size).toBeGreaterThan(0.02);
  expect(dissolved / ds.size).toBeLessThan(0.04);
  expect(twins).toBeGreaterThan(10);
});

test("one group has over 1,000 members; some are deep", () => {
  const sizes = ds.groups.map((g) => g.size);
  expect(Math.max(...sizes)).toBeGreaterThan(1000);
  expect(Math.max(...Array.from(ds.level))).toBeGreaterThanOrEqual(5);
});

test("best estimates exist for roughly half; gender categories agree with WomenLedStats", () => {
  let withEstimate = 0;
  for (let i = 0; i < 400; i++) {
    const r = buildRecord(ds, i * 12);
    if (typeof r.BestEstimateTurnover === "number") withEstimate++;
    const s = r.WomenLedStats as Record<string, number>;
    expect(GENDER_CATEGORIES).toContain(r.GenderLedCategory);
    if (s.TotalActiveDirectors! > 0 && s.ActiveUnknownGenderDirectors === 0) {
      if (s.ActiveMaleDirectors === 0) expect(r.GenderLedCategory).toBe("All women led");
      if (s.ActiveFemaleDirectors === 0) expect(r.GenderLedCategory).toBe("All men led");
    }
    expect(r.NumberOfCurrentOfficers).toBe(
      (r.Officers as { ResignationDate?: string }[]).filter((o) => !o.ResignationDate).length,
    );
  }
  expect(withEstimate / 400).toBeGreaterThan(0.35);
  expect(withEstimate / 400).toBeLessThan(0.7);
});

test("every sample theme names real SIC and NAICS codes of the catalogues", () => {
  for (const t of SAMPLE_THEMES) {
    for (const s of t.sics) expect(() => sicIndex(s)).not.toThrow();
    for (const n of t.naics) expect(() => naicsByCode(n)).not.toThrow();
  }
});

test("a dataset above the 2,000,000-company cap is refused, not silently truncated", () => {
  expect(() => generateDataset({ seed: 1, companies: 3_000_000 })).toThrow(/between/);
});
