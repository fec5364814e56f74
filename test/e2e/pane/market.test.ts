/**
 * The Multi-market view end to end on the simulated host against the sandbox: a filtered list
 * counted (with the sandbox's own total), charted, imported and refreshed in place; a value the
 * market does not recognise explained; a bad bound refused; a service error; lookups by number (an
 * unknown number keeps its row) and search by name.
 */
import { MarketFiltersSchema } from "../../../src/api/market/schemas";
import { assertDistBuilt, useAddinSession } from "../harness";
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import { expectFitsAndAccessible, admin, openView, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

async function marketCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.current.sandbox!.urls.market}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.marketKey}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

interface MarketCompany {
  CompanyNumber: string;
  CompanyName: string;
}

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});
afterEach(async () => {
  await admin(session.current, "/faults", { rate504: 0 });
});

test("a French list is counted as the sandbox counts it, charted, imported, and refreshed in place", async () => {
  const { page } = session.current;
  // Read with the add-in's reader, so the same test holds against either reading of the catalogue.
  const filters = MarketFiltersSchema.parse(await marketCall<unknown>("/v1/fr/filters"));
  const code = filters.Filters.find((g) => g.Field === "NAICS")!.Values[0]!.Code!;
  const expected = (
    await marketCall<{ TotalCount: number }>("/v1/fr/companies", { NAICS: [code], Limit: 1, IncludeTotalCount: true })
  ).TotalCount;
  expect(expected).toBeGreaterThan(0);

  const view = await openView(page, "Multi-market");
  await view.getByRole("radio", { name: "France" }).check();
  await view.getByRole("textbox", { name: "Industry codes typed by hand" }).fill(code);
  await view.getByRole("button", { name: "Count companies" }).click();
  await view
    .getByTestId("market-count")
    .getByText(`${expected.toLocaleString("en-GB")} compan${expected === 1 ? "y matches" : "ies match"}.`)
    .waitFor({ timeout: 20_000 });
  await view.getByTestId("chart-codes").waitFor();
  await session.current.screenshot("pane-market-count");
  await view
    .getByRole("button", { name: `Import ${expected.toLocaleString("en-GB")} companies to a new sheet` })
    .click();
  await view
    .getByTestId("done-bar")
    .getByText(
      new RegExp(
        `^Imported ${expected.toLocaleString("en-GB")} companies into table (UKCO_Import_\\d+) on the sheet Market FR`,
      ),
    )
    .waitFor({ timeout: 50_000 });
  expect(await session.current.sim((api) => api.cell("'Market FR'!A1").value)).toMatch(
    /^France company data as of .* · France \(fr\): NAICS: /,
  );
  const header = await session.current.sim((api) => api.values("'Market FR'!A3:D3")[0]);
  expect(header).toEqual(["Company number", "Name", "Status", "Main industry code"]);

  const workbook = await openView(page, "Workbook data");
  const table = (await workbook
    .locator("li[data-table]")
    .filter({ hasText: "(Market FR)" })
    .getAttribute("data-table"))!;
  await workbook.getByRole("button", { name: `Refresh this table (${table})` }).click();
  await workbook
    .locator(`li[data-table="${table}"]`)
    .getByTestId("done-bar")
    .getByText(new RegExp(`Refreshed ${expected.toLocaleString("en-GB")} companies into table ${table}`))
    .waitFor({ timeout: 50_000 });
  await session.current.screenshot("pane-market-imported");
  await expectFitsAndAccessible(session.current);
});

test("a code the market does not recognise is explained, a bad bound is refused, and a service error is shown", async () => {
  const { page } = session.current;
  const view = await openView(page, "Multi-market");
  await view.getByRole("radio", { name: "Germany" }).check();
  const typed = view.getByRole("textbox", { name: "Industry codes typed by hand" });
  await typed.fill("ZZ-NOT-A-CODE");
  await view.getByRole("button", { name: "Count companies" }).click();
  await view
    .getByTestId("market-count")
    .getByText("No companies: the de market does not recognise NAICS ZZ-NOT-A-CODE. Pick values from its lists.")
    .waitFor({ timeout: 20_000 });
  expect(await view.getByRole("button", { name: "Import to a new sheet" }).isDisabled()).toBe(true);
  await session.current.screenshot("pane-market-unrecognised");

  await typed.fill("");
  await view.getByRole("textbox", { name: "Employees from" }).fill("-3");
  await view.getByRole("button", { name: "Count companies" }).click();
  await view
    .getByTestId("error-bar")
    .getByText("The smallest size is a whole number of employees, 0 or more.")
    .waitFor();
  await view.getByRole("textbox", { name: "Employees from" }).fill("");

  await admin(session.current, "/faults", { rate504: 1, services: ["market"] });
  await view.getByRole("button", { name: "Count companies" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/The multi-market service did not answer in time/)
    .waitFor({ timeout: 30_000 });
  await expectFitsAndAccessible(session.current);
});

test("numbers from the selection are looked up, one row each, an unknown one saying so; a name search lists and inserts matches", async () => {
  const { page } = session.current;
  const some = (await marketCall<{ Companies: MarketCompany[] }>("/v1/us/companies", { Limit: 2 })).Companies;
  await session.current.sim(
    (api, numbers) => {
      api.setCell("Sheet1!A1", [["Number"], ...numbers.map((n) => [n]), ["99-9999999"], ["not a number!"]]);
      api.select("Sheet1!A1:A5");
    },
    some.map((c) => c.CompanyNumber),
  );
  const view = await openView(page, "Multi-market");
  await view.getByRole("radio", { name: "United States" }).check();
  await view.getByRole("button", { name: "US company numbers: use the selected cells" }).click();
  await view
    .getByTestId("market-numbers-summary")
    .getByText(/^3 company numbers from /)
    .waitFor();
  await view.getByTestId("market-numbers-summary-invalid").getByText(/A5: /).waitFor();
  await view.getByRole("button", { name: "Look them up into a new sheet" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Looked up 3 companies into table/)
    .waitFor({ timeout: 30_000 });
  const rows = await session.current.sim((api) => api.values("'Market US'!A4:B6"));
  expect(rows).toEqual([
    [some[0]!.CompanyNumber, some[0]!.CompanyName],
    [some[1]!.CompanyNumber, some[1]!.CompanyName],
    ["99-9999999", "⚠ Not a company the us market knows."],
  ]);

  const word = some[0]!.CompanyName;
  await view.getByRole("textbox", { name: "Company name" }).fill(word);
  await view.getByRole("button", { name: "Search", exact: true }).click();
  await view
    .getByTestId("market-search-status")
    .getByText(`like "${word}".`, { exact: false })
    .waitFor({ timeout: 20_000 });
  await view.getByTestId("market-search-results").getByText(some[0]!.CompanyNumber).first().waitFor();
  await session.current.sim((api) => api.select("Sheet1!D2"));
  await view.getByTestId("market-search-results").getByRole("button", { name: "Insert at the selection" }).click();
  await view.getByText(/^Inserted \d+ rows? as the table/).waitFor({ timeout: 20_000 });
  expect(await session.current.sim((api) => api.values("Sheet1!D2:E2")[0])).toEqual(["Company number", "Name"]);
  await session.current.screenshot("pane-market-lookups");
  await expectFitsAndAccessible(session.current);
});
