/**
 * UKCO.WEBSITE and UKCO.MARKET through the real clients and engine against the sandbox, in both
 * of its readings (the other has no market batch: MARKET cells are then fetched one by one).
 */
import { NotFoundError } from "../../../src/core/errors";
import { marketFormula } from "../../../src/functions/market";
import { websiteFormula } from "../../../src/functions/website";
import { startHarness, type Harness } from "../../support/engine-harness";

describe.each(["contract", "alt"] as const)("against the sandbox's %s reading", (variant) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ sandbox: { companies: 3000, seed: 5, variant } });
  });
  afterAll(() => harness?.close());

  const cell = async (work: Promise<unknown[][]>) => (await work)[0]![0];

  test("WEBSITE finds the company of each website of a burst in one batch request, and its fields", async () => {
    const page = await harness.clients.product.listCompanies({ returnCount: 200, CompanyStatus: ["Active"] } as never);
    const withSites = page.companies
      .filter((c) => !("invalid" in c) && typeof c.Homepage_domain === "string" && c.Homepage_domain)
      .slice(0, 20) as { CompanyNumber: string; CompanyName: string; Homepage_domain: string }[];
    expect(withSites.length).toBeGreaterThan(5);
    const before = harness.requests.product ?? 0;
    const numbers = await Promise.all(
      withSites.map((c) => cell(websiteFormula(harness.engine, `https://www.${c.Homepage_domain}/`, null, {}))),
    );
    expect(harness.requests.product! - before).toBe(1);
    // Several companies may share a website: the one answered has that website.
    for (const [i, number] of numbers.entries()) {
      const name = await cell(websiteFormula(harness.engine, withSites[i]!.Homepage_domain, "Homepage_domain", {}));
      expect([number, name]).toEqual([expect.stringMatching(/^[A-Z0-9]{8}$/), withSites[i]!.Homepage_domain]);
    }
    await expect(websiteFormula(harness.engine, "no-company-has-this.example.org", null, {})).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  test("MARKET reads fields of each market's companies, numbers as numbers, and says when a number is unknown", async () => {
    for (const market of ["us", "fr", "de", "ie"] as const) {
      const [company] = (await harness.clients.market.listCompanies(market, { Limit: 1 })).Companies;
      expect(await cell(marketFormula(harness.engine, market, company!.CompanyNumber, "CompanyName", {}))).toBe(
        company!.CompanyName,
      );
      expect(await cell(marketFormula(harness.engine, market, company!.CompanyNumber, "Employees", {}))).toBe(
        company!.Employees,
      );
    }
    await expect(marketFormula(harness.engine, "us", "00-0000000", "CompanyName", {})).rejects.toThrow(
      "No company 00-0000000 in the us market.",
    );
  });
});
