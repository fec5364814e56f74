/**
 * The functions' engine against the sandbox over real HTTP: the values a user would see, against
 * both of the sandbox's readings of the not-shown shapes (sandbox/readings.ts).
 */
import { isDateCell } from "../../../src/core/cell-value";
import { UnavailableError, UserError } from "../../../src/core/errors";
import { classifyFormula } from "../../../src/functions/classify";
import { fieldCells } from "../../../src/functions/field";
import { groupFormula } from "../../../src/functions/group";
import { matchFormula } from "../../../src/functions/match";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { startHarness, type Harness } from "../../support/engine-harness";

jest.setTimeout(60_000);

describe.each(["contract", "alt"] as const)("against the sandbox's %s reading", (variant) => {
  let sandbox: RunningSandbox;
  let harness: Harness;
  let sample: {
    CompanyNumber: string;
    CompanyName: string;
    IncorporationDate?: string | null;
    BestEstimateTurnover?: number | null;
  }[];

  beforeAll(async () => {
    sandbox = await startSandbox({
      companies: 5000,
      seed: 11,
      matchLatencyMs: [0, 2],
      batchQueuedMs: 20,
      batchRowMs: 0,
      variant,
    });
    harness = await startHarness({ running: sandbox });
    const page = await harness.clients.product.listCompanies({ returnCount: 40, skip: 100 });
    sample = page.companies.filter(
      (c): c is (typeof sample)[number] => !("invalid" in c) && !!c.CompanyName && c.CompanyStatus === "Active",
    );
  });

  afterAll(async () => {
    await harness?.close();
    await sandbox?.close();
  });

  test("FIELD answers the sandbox's values, typed: text, numbers and dates", async () => {
    const withTurnover = sample.find((c) => typeof c.BestEstimateTurnover === "number")!;
    const grid = await fieldCells(
      harness.engine,
      [[withTurnover.CompanyNumber]],
      [["CompanyName", "BestEstimateTurnover", "IncorporationDate"]],
      null,
      {},
    );
    expect(grid[0]![0]).toBe(withTurnover.CompanyName);
    expect(grid[0]![1]).toBe(withTurnover.BestEstimateTurnover);
    expect(isDateCell(grid[0]![2]) && grid[0]![2].iso).toBe(withTurnover.IncorporationDate!.slice(0, 10));
  });

  test("a table of 40 companies costs one request, and the same table again costs none", async () => {
    const before = harness.requests.product ?? 0;
    const numbers = sample.map((c) => [c.CompanyNumber]);
    const grid = await fieldCells(harness.engine, numbers, [["CompanyName", "CompanyStatus"]], null, {
      address: "Sheet1!C2",
    });
    expect(grid.map((row) => row[0])).toEqual(sample.map((c) => c.CompanyName));
    const after = harness.requests.product ?? 0;
    expect(after - before).toBeLessThanOrEqual(1);
    await fieldCells(harness.engine, numbers, [["CompanyName", "CompanyStatus"]], null, { address: "Sheet1!C2" });
    expect(harness.requests.product).toBe(after);
  });

  test("MATCH finds the sandbox companies by name, and says so when nothing matches", async () => {
    const names = sample.slice(0, 8);
    const numbers = await Promise.all(
      names.map((c) => matchFormula(harness.engine, c.CompanyName, null, null, null, {})),
    );
    expect(numbers.map((g) => g[0]![0])).toEqual(names.map((c) => c.CompanyNumber));
    await expect(matchFormula(harness.engine, "Zzyzx Qwfp Nonexistent Holdings", null, null, null, {})).rejects.toThrow(
      /No match for/,
    );
  });

  test("CLASSIFY gives different industries for different descriptions", async () => {
    const software = await classifyFormula(
      harness.engine,
      "We develop cloud accounting software and payroll apps for small businesses",
      "rtics",
      3,
      {},
    );
    const bakery = await classifyFormula(
      harness.engine,
      "Family bakery making bread, cakes and pastries for local cafes",
      "rtics",
      3,
      {},
    );
    expect(software[0]!.length).toBeGreaterThan(0);
    expect(software[0]![0]).not.toEqual(bakery[0]![0]);
  });

  test("GROUP spills the group from its ultimate parent", async () => {
    const grouped = (await harness.clients.product.listCompanies({ returnCount: 400 })).companies.find(
      (c) => !("invalid" in c) && c.UltimateLinkedCompanyNumber && c.UltimateLinkedCompanyNumber !== c.CompanyNumber,
    );
    expect(grouped).toBeDefined();
    const grid = await groupFormula(harness.engine, grouped!.CompanyNumber, {});
    expect(grid[0]).toEqual(["Level", "Company number", "Company name", "Parent number"]);
    expect(grid[1]![0]).toBe(0);
    expect(grid.slice(1).map((row) => row[1])).toContain(grouped!.CompanyNumber);
  });

  test("with a token lacking jobdata:read, job-posting fields are #N/A naming the scope", async () => {
    const basic = await startHarness({ running: sandbox, productToken: "basic" });
    const cell = (
      (await fieldCells(basic.engine, sample[0]!.CompanyNumber, "CompanyJobPostings.Postings", null, {})) as unknown[][]
    )[0]?.[0];
    expect(cell).toBeInstanceOf(UnavailableError);
    expect((cell as Error).message).toContain("jobdata:read");
  });

  test("the saved workbook store holds none of the credentials, byte for byte", async () => {
    await fieldCells(harness.engine, sample[0]!.CompanyNumber, "CompanyName", null, {});
    await harness.engine.save();
    const saved = Buffer.from(harness.store.text ?? "", "utf8");
    expect(saved.length).toBeGreaterThan(100);
    const secrets = [...Object.values(sandbox.credentials), (await harness.credentials.getToken("classification"))!];
    for (const secret of secrets) {
      expect({ secret: secret.slice(0, 6), found: saved.includes(Buffer.from(secret, "utf8")) }).toEqual({
        secret: secret.slice(0, 6),
        found: false,
      });
    }
  });

  test("an unknown company number is #N/A for its row only", async () => {
    const grid = await fieldCells(harness.engine, [[sample[1]!.CompanyNumber], ["SC999998"]], "CompanyName", null, {});
    expect(grid[0]![0]).toBe(sample[1]!.CompanyName);
    expect(grid[1]![0]).toBeInstanceOf(UserError);
    expect((grid[1]![0] as Error).message).toMatch(/No company SC999998/);
  });
});
