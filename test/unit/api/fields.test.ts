/** The field catalogue is read off the company schema: the two cannot drift, and it matches the contract. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ClassifiedCompanySchema, COMPANY_FIELDS, findCompanyField, type CompanyFieldInfo } from "../../../src/api";
import { describeShape } from "../../../src/api/product/fields";
import { field } from "../../../src/api/product/field-builders";

const SHARED = process.env.UKCO_SHARED_DIR ?? join(__dirname, "../../../../shared");
const CONTRACT = join(SHARED, "seeds/000_48ece3d52145cda2.txt");
// Like the manifest's schema step: a clone without ../shared skips loudly; CI always has it.
const withContract = existsSync(CONTRACT) ? test : test.skip;
if (!existsSync(CONTRACT))
  console.warn(
    `\n!!! CONTRACT FIELD TEST SKIPPED: ${CONTRACT} is missing (../shared is absent). CI always has it. !!!\n`,
  );

function allNames(fields: readonly CompanyFieldInfo[]): string[] {
  return fields.flatMap((f) => [f.name, ...allNames(f.items ?? [])]);
}

test("every schema field is in the catalogue and every catalogue entry is a schema field", () => {
  expect(COMPANY_FIELDS.map((f) => f.name)).toEqual(Object.keys(ClassifiedCompanySchema.shape));
});

test("a field added to the schema without its catalogue metadata is caught", () => {
  const drifted = z.looseObject({ ...ClassifiedCompanySchema.shape, BrandNewField: z.string().nullish() });
  expect(() => describeShape(drifted.shape)).toThrow(/BrandNewField/);
  const nested = z.looseObject({ Thing: field.objects({ Inner: z.number() }) });
  expect(() => describeShape(nested.shape)).toThrow(/Thing\.Inner/);
});

withContract("every field name the contract lists for the company record is in the catalogue", () => {
  const text = readFileSync(CONTRACT, "utf8");
  const section = text.slice(text.indexOf("### Company record"), text.indexOf("### List envelope"));
  const prose = new Set(["ClassifiedCompany", "ReturnCompanyIDsOnly"]);
  const mentioned = [...section.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)]
    .map((m) => m[1] as string)
    .filter((n) => !prose.has(n));
  const known = new Set(allNames(COMPANY_FIELDS));
  expect(mentioned.length).toBeGreaterThan(250);
  expect(mentioned.filter((name) => !known.has(name))).toEqual([]);
});

test("kinds follow the contract's types", () => {
  const kind = (name: string) => findCompanyField(name)?.kind;
  expect(kind("BestEstimateTurnover")).toBe("integer");
  expect(kind("BestEstimateEBITDA")).toBe("number");
  expect(kind("IsBCorp")).toBe("boolean");
  expect(kind("IncorporationDate")).toBe("date");
  expect(kind("LatestRoundDate")).toBe("datetime");
  expect(kind("SICs")).toBe("string[]");
  expect(kind("CompanyGrowthTrends")).toBe("object");
  expect(kind("Officers")).toBe("object[]");
  const officers = findCompanyField("Officers")?.items ?? [];
  expect(officers.find((f) => f.name === "DOB")?.kind).toBe("date");
  const trends = findCompanyField("CompanyGrowthTrends")?.items ?? [];
  expect(trends.find((f) => f.name === "TurnoverEstimates")?.items?.map((f) => f.name)).toEqual([
    "Estimated",
    "Measure",
    "Year",
  ]);
});

test("job-posting fields carry the jobdata:read scope, and only they do", () => {
  const scoped = COMPANY_FIELDS.filter((f) => f.scope).map((f) => [f.name, f.scope]);
  expect(scoped).toEqual([
    ["CompanyJobPostings", "jobdata:read"],
    ["CompanyJobPostingsByLot", "jobdata:read"],
    ["CompanyJobPostingsByLOTCodeOverTime", "jobdata:read"],
    ["CompanyJobPostingsBySOC4CodeOverTime", "jobdata:read"],
    ["CompanyJobPostingsBySkill", "jobdata:read"],
    ["CompanyJobPostingsOverTime", "jobdata:read"],
  ]);
});

test("descriptions come from the contract, and lookups ignore case", () => {
  expect(findCompanyField("bestestimateturnover")?.description).toMatch(/^Reported where available, else estimated/);
  expect(findCompanyField(" companynumber ")?.name).toBe("CompanyNumber");
  expect(findCompanyField("NumberOfCurrentOfficers")?.description).toBe("");
  expect(findCompanyField("Turnover")).toBeUndefined();
});
