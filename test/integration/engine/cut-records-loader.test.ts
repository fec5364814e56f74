/**
 * Direct to a service, the body reader cuts each record to the fields its request's asks need and
 * says so (`onCut`): the company loader takes those as all it knows of the record, so a field asked
 * later of the same company is fetched, never read as empty.
 */
import { fieldCells } from "../../../src/functions/field";
import { startHarness, type Harness } from "../../support/engine-harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await harness?.sandbox.close();
});

test("a field asked after its company was loaded for another field is its value, not empty", async () => {
  const page = await harness.clients.product.listCompanyRecords({ returnCount: 40, skip: 100 });
  const companies = page.companies as Record<string, unknown>[];
  const company = companies.find((c) => typeof c.BestEstimateTurnover === "number") as {
    CompanyNumber: string;
  } & Record<string, unknown>;
  const [name] = await fieldCells(harness.engine, [[company.CompanyNumber]], [["CompanyName"]], null, {});
  expect(name).toEqual([company.CompanyName]);
  const [turnover] = await fieldCells(harness.engine, [[company.CompanyNumber]], [["BestEstimateTurnover"]], null, {});
  expect(turnover).toEqual([company.BestEstimateTurnover]);
});
