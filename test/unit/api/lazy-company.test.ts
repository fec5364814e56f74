/** A field read lazily is exactly the field the full record schema gives, and a bad field is refused alone. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ClassifiedCompanySchema } from "../../../src/api/product/company";
import { readCompanyField, type RawCompany } from "../../../src/api/product/lazy-company";

const FIXTURE = path.join(
  __dirname,
  "../../fixtures/api/product/listCompanies.turnover-not-integer.record-invalid.json",
);
const [fullRecord] = (JSON.parse(readFileSync(FIXTURE, "utf8")) as { response: { body: { companies: RawCompany[] } } })
  .response.body.companies;

test("every field of a full record reads as the whole-record schema reads it", () => {
  const record = fullRecord!;
  const whole = ClassifiedCompanySchema.parse(record) as Record<string, unknown>;
  for (const name of Object.keys(record))
    expect({ name, read: readCompanyField(record, name) }).toEqual({ name, read: { ok: true, value: whole[name] } });
});

test.each([
  [
    "an integer field with a fraction",
    { BestEstimateTurnover: 12.5 },
    "BestEstimateTurnover",
    /^BestEstimateTurnover: /,
  ],
  ["a date that is not ISO", { IncorporationDate: "14/03/2016" }, "IncorporationDate", /^IncorporationDate: /],
  [
    "a nested item of the wrong type",
    { CompanyFinancials_Vendor: [{ YEAR: 2023 }, { YEAR: "twenty" }] },
    "CompanyFinancials_Vendor",
    /^CompanyFinancials_Vendor\.1\.YEAR: /,
  ],
])("%s is refused by name, and only that field", (_, fields, name, problem) => {
  const record: RawCompany = { CompanyNumber: "01234567", CompanyName: "ACME LTD", ...fields };
  const read = readCompanyField(record, name);
  expect(read.ok).toBe(false);
  expect(read.ok ? "" : read.problem).toMatch(problem);
  expect(readCompanyField(record, "CompanyName")).toEqual({ ok: true, value: "ACME LTD" });
});

test.each([
  [
    "a field the contract does not name passes as sent",
    { ProprietaryScore: { Band: "B" } },
    "ProprietaryScore",
    { Band: "B" },
  ],
  ["an absent field reads as absent", {}, "BestEstimateTurnover", undefined],
  [
    "an inferred list sent as bare codes reads as the schema reads it",
    { RTICs: ["RTIC-1"] },
    "RTICs",
    [{ Code: "RTIC-1" }],
  ],
])("%s", (_, fields, name, value) => {
  expect(readCompanyField({ CompanyNumber: "01234567", ...fields }, name)).toEqual({ ok: true, value });
});
