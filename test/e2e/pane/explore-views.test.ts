/**
 * The product API's explore views end to end on the simulated host against the sandbox: Find by
 * website, Search by number, Classify from examples, List summary and Explore lists — each with
 * its happy path, a bad input and a service error; the imports refresh in place.
 */
import { assertDistBuilt, OTHER_READING, useAddinSession } from "../harness";
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import { expectFitsAndAccessible, admin, openView, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 5_000, seed: 42 } });

interface Company {
  CompanyNumber: string;
  CompanyName: string;
  Homepage_domain?: string;
  CompanyStatus?: string;
}

/** The sandbox's own records, asked for directly with the sandbox token. */
async function sandboxCompanies(body: Record<string, unknown>): Promise<Company[]> {
  const response = await fetch(`${session.current.sandbox!.urls.product}/v2/companies`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.productToken}` },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { companies: Company[] }).companies;
}

/** Every product answer a 504 (retried once, then reported). */
const productDown = () => admin(session.current, "/faults", { rate504: 1, services: ["product"] });
const noFaults = () => admin(session.current, "/faults", { rate504: 0 });
const DOWN = /The product API did not answer in time \(it timed out\)/;

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});
afterEach(async () => {
  await noFaults();
});

test("Find by website: one address shows its company and inserts it; a bad address is refused; a broken answer says so", async () => {
  const { page } = session.current;
  const company = (await sandboxCompanies({ CompanyStatus: ["Active"], returnCount: 50 })).find(
    (c) => c.Homepage_domain,
  )!;
  const view = await openView(page, "Find by website");
  const address = view.getByRole("textbox", { name: "Website address" });
  await address.fill(`https://www.${company.Homepage_domain}/about`);
  await view.getByRole("button", { name: "Look up" }).click();
  await view
    .getByTestId("website-status")
    .getByText(/compan(y has|ies have) the website/)
    .waitFor({ timeout: 20_000 });
  await view.getByTestId("website-results").getByText(company.CompanyNumber).waitFor();
  await session.current.sim((api) => api.select("Sheet1!H2"));
  await view.getByTestId("website-results").getByRole("button", { name: "Insert at the selection" }).click();
  await view.getByText(/^Inserted \d+ rows? as the table UKCO_Result_/).waitFor({ timeout: 20_000 });
  const inserted = await session.current.sim((api) => api.values("Sheet1!H2:I3"));
  expect(inserted[0]).toEqual(["Company number", "Registered name"]);
  expect(inserted.slice(1).map((r) => r[0])).toContain(company.CompanyNumber);
  await session.current.screenshot("pane-website-one");

  await address.fill("not a website");
  await view.getByRole("button", { name: "Look up" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/Type a website address such as example\.co\.uk/)
    .waitFor();

  await productDown();
  await address.fill(company.Homepage_domain!);
  await view.getByRole("button", { name: "Look up" }).click();
  await view.getByTestId("error-bar").getByText(DOWN).waitFor({ timeout: 30_000 });
  await session.current.screenshot("pane-website-error");
  await expectFitsAndAccessible(session.current);
});

test("Find by website: the addresses of a selection import with the URL each company matched, bad cells listed, and the table refreshes in place", async () => {
  const { page } = session.current;
  const withSites = (await sandboxCompanies({ CompanyStatus: ["Active"], returnCount: 200 }))
    .filter((c) => c.Homepage_domain)
    .slice(0, 2);
  const urls = withSites.map((c) => `https://${c.Homepage_domain}`);
  await session.current.sim((api, u) => {
    api.setCell("Sheet1!S1", [["Website"], [u[0]!], ["no such thing here"], [u[1]!], [u[0]!]]);
    api.select("Sheet1!S1:S5");
  }, urls);
  const view = await openView(page, "Find by website");
  await view.getByRole("button", { name: "Website addresses: use the selected cells" }).click();
  const summary = view.getByTestId("urls-summary");
  await summary
    .getByText(/^2 website addresses from .*S1:S5 \(1 repeated, counted once\); the first cell was read as a header\.$/)
    .waitFor();
  await view
    .getByTestId("urls-summary-invalid")
    .getByText(/S3: not a website address \(it has spaces\)/)
    .waitFor();
  await view.getByRole("button", { name: "Import the companies for these addresses to a new sheet" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Imported \d+ companies into table (UKCO_Import_\d+) on the sheet Websites/)
    .waitFor({ timeout: 30_000 });
  const header = await session.current.sim((api) => api.values("Websites!A3:C3"));
  expect(header[0]).toEqual(["Matched URL", "Company number", "Registered name"]);
  const rows = await session.current.sim((api) => api.values("Websites!A4:B40").filter((r) => r[1] !== ""));
  for (const company of withSites)
    expect(rows).toContainEqual([`https://${company.Homepage_domain}`, company.CompanyNumber]);
  await session.current.screenshot("pane-website-batch");

  const first = rows[0]![1] as string;
  await admin(session.current, `/companies/${first}`, { CompanyName: "RENAMED FOR THE REFRESH LTD" });
  const workbook = await openView(page, "Workbook data");
  const table = (await workbook
    .locator("li[data-table]")
    .filter({ hasText: "(Websites)" })
    .getAttribute("data-table"))!;
  await workbook.getByRole("button", { name: `Refresh this table (${table})` }).click();
  await workbook
    .getByTestId("done-bar")
    .getByText(
      new RegExp(
        `Refreshed .* into table ${table} on the sheet Websites\\. 0 rows added, 0 removed; 1 value changed in 1 row\\.`,
      ),
    )
    .waitFor({ timeout: 30_000 });
  expect(await session.current.sim((api) => api.values("Websites!B4:C4")[0])).toEqual([
    first,
    "RENAMED FOR THE REFRESH LTD",
  ]);
  await admin(session.current, "/reset", {});
  await expectFitsAndAccessible(session.current);
});

test("Search by number lists the companies whose number starts so, and inserts them; bad input and a broken answer are explained", async () => {
  const { page } = session.current;
  const [company] = await sandboxCompanies({ CompanyStatus: ["Active"], returnCount: 1 });
  const start = company!.CompanyNumber.slice(0, 6);
  const view = await openView(page, "Search by number");
  const box = view.getByLabel("Company number starts with");
  await box.fill(start.toLowerCase());
  await view.getByRole("button", { name: "Search" }).click();
  await view
    .getByTestId("search-status")
    .getByText(new RegExp(`whose number starts with ${start}\\.$`))
    .waitFor({ timeout: 20_000 });
  await view.getByTestId("search-results").getByText(company!.CompanyNumber).waitFor();
  await session.current.sim((api) => api.select("Sheet1!AA2"));
  await view.getByRole("button", { name: "Insert at the selection" }).click();
  await view.getByText(/^Inserted \d+ rows? as the table/).waitFor({ timeout: 20_000 });
  expect(await session.current.sim((api) => api.values("Sheet1!AA2:AC2")[0])).toEqual([
    "Company number",
    "Registered name",
    "Status",
  ]);
  await session.current.screenshot("pane-search");

  await box.fill("12 34!");
  await view.getByRole("button", { name: "Search" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/Type the start of a company number/)
    .waitFor();

  await productDown();
  await box.fill(start);
  await view.getByRole("button", { name: "Search" }).click();
  await view.getByTestId("error-bar").getByText(DOWN).waitFor({ timeout: 30_000 });
  await expectFitsAndAccessible(session.current);
});

test("Classify from examples imports companies like the examples with scores, best first, and refreshes in place; bad cells and a broken answer are explained", async () => {
  const { page } = session.current;
  const software = await sandboxCompanies({ rtics: ["RTIC-0001"], CompanyStatus: ["Active"], returnCount: 5 });
  const other = await sandboxCompanies({ rtics: ["RTIC-0005"], CompanyStatus: ["Active"], returnCount: 2 });
  await session.current.sim(
    (api, [yes, no]) => {
      api.setCell("Sheet1!P1", [["Include"], ...yes.map((n) => [`'${n}`]), ["hello"]]);
      api.setCell("Sheet1!Q1", [["Exclude"], ...no.map((n) => [`'${n}`])]);
    },
    [software.map((c) => c.CompanyNumber), other.map((c) => c.CompanyNumber)] as const,
  );
  const view = await openView(page, "Classify from examples");
  await session.current.sim((api) => api.select("Sheet1!P1:P7"));
  await view.getByRole("button", { name: "Include: companies like these: use the selected cells" }).click();
  await view
    .getByTestId("include-summary")
    .getByText(/^5 company numbers from/)
    .waitFor();
  await view.getByTestId("include-summary-invalid").getByText(/P7:/).waitFor();
  await session.current.sim((api) => api.select("Sheet1!Q1:Q3"));
  await view.getByRole("button", { name: "Exclude: companies unlike these: use the selected cells" }).click();
  await view
    .getByTestId("exclude-summary")
    .getByText(/^2 company numbers from/)
    .waitFor();
  await view.getByRole("button", { name: "Classify and import to a new sheet" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Imported \d+ companies into table (UKCO_Import_\d+) on the sheet Classified/)
    .waitFor({ timeout: 30_000 });
  expect(await session.current.sim((api) => api.values("Classified!A3:B3")[0])).toEqual(["Score", "Company number"]);
  const scores = (await session.current.sim((api) => api.values("Classified!A4:A1100")))
    .map((r) => r[0])
    .filter((v) => v !== "") as number[];
  expect(scores.length).toBeGreaterThan(1);
  expect(scores.every((s) => typeof s === "number" && s >= 0 && s <= 1)).toBe(true);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  expect(await session.current.sim((api) => api.cell("Classified!A1").value)).toMatch(
    /companies like 5 examples, unlike 2/,
  );
  await session.current.screenshot("pane-classify-examples");

  const workbook = await openView(page, "Workbook data");
  const table = (await workbook
    .locator("li[data-table]")
    .filter({ hasText: "(Classified)" })
    .getAttribute("data-table"))!;
  await workbook.getByRole("button", { name: `Refresh this table (${table})` }).click();
  await workbook
    .locator(`li[data-table="${table}"]`)
    .getByTestId("done-bar")
    .getByText(new RegExp(`Refreshed ${scores.length} companies into table ${table}`))
    .waitFor({ timeout: 30_000 });

  await productDown();
  const again = await openView(page, "Classify from examples");
  await again.getByRole("button", { name: "Classify and import to a new sheet" }).click();
  await again.getByTestId("error-bar").getByText(DOWN).waitFor({ timeout: 30_000 });
  await session.current.screenshot("pane-classify-examples-error");
  await expectFitsAndAccessible(session.current);
});

test("List summary shows the model's counts in words and its distributions as charts; a bad cutoff and an unknown model are explained", async () => {
  const { page } = session.current;
  const view = await openView(page, "List summary");
  await view.getByLabel("Classifier model code").fill("RTIC-0001");
  await view.getByLabel("Cutoff score").fill("70%");
  await view.getByRole("button", { name: "Show the summary" }).click();
  // The other reading sends no total: the pane says so instead of showing 0.
  const said = OTHER_READING
    ? /^Model RTIC-0001 did not say how many companies it scored; [\d,]+ score 0\.7 or more\.$/
    : /^Model RTIC-0001 scored 5,000 companies; [\d,]+ \([\d.]+ %\) score 0\.7 or more\.$/;
  await view.getByTestId("summary-status").getByText(said).waitFor({ timeout: 20_000 });
  if (OTHER_READING)
    await view
      .getByTestId("summary-gaps")
      .getByText(/how many companies were scored/)
      .waitFor();
  await view.getByTestId("chart-scores").waitFor();
  await view.getByTestId("chart-rtic").waitFor();
  await session.current.screenshot("pane-list-summary");

  await view.getByLabel("Cutoff score").fill("2");
  await view.getByRole("button", { name: "Show the summary" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/The cutoff is a score from 0 to 1/)
    .waitFor();

  await view.getByLabel("Cutoff score").fill("0.5");
  await view.getByLabel("Classifier model code").fill("RTIC-9999");
  await view.getByRole("button", { name: "Show the summary" }).click();
  // The service's own sentence is quoted whole, after ours: one full stop each, never two.
  await view
    .getByTestId("error-bar")
    .getByText('The product API found nothing for this. It said: "Model RTIC-9999 not found."')
    .waitFor({ timeout: 20_000 });
  await expectFitsAndAccessible(session.current);
});

test("Explore lists imports a curated list, page by page, and refreshes it in place; a broken answer is explained", async () => {
  const { page } = session.current;
  const view = await openView(page, "Explore lists");
  if (OTHER_READING) {
    // No explore catalogue there: the lists come from the filter catalogue, and the pane says so once.
    await view.getByText(/has no catalogue of explore lists/).waitFor({ timeout: 20_000 });
    await page.getByTestId("missing-operation-product.exploreCatalogue").waitFor();
  }
  const radio = view.getByRole("radio", { name: /^Clean energy \(([\d,]+)\)/ });
  const label = await view.getByText(/^Clean energy \([\d,]+\)/).innerText({ timeout: 20_000 });
  const expected = Number(/\(([\d,]+)\)/.exec(label)![1]!.replace(/,/g, ""));
  await radio.check();
  await view.getByRole("button", { name: 'Import "Clean energy" to a new sheet' }).click();
  await view
    .getByTestId("done-bar")
    .getByText(
      new RegExp(
        `^Imported ${expected.toLocaleString("en-GB")} companies into table (UKCO_Import_\\d+) on the sheet Explore`,
      ),
    )
    .waitFor({ timeout: 50_000 });
  expect(await session.current.sim((api) => api.cell("Explore!A1").value)).toMatch(
    /explore list "Clean energy" \(clean-energy\)/,
  );
  await session.current.screenshot("pane-explore");

  const workbook = await openView(page, "Workbook data");
  const table = (await workbook.locator("li[data-table]").filter({ hasText: "(Explore)" }).getAttribute("data-table"))!;
  await workbook.getByRole("button", { name: `Refresh this table (${table})` }).click();
  await workbook
    .getByTestId("done-bar")
    .getByText(new RegExp(`Refreshed ${expected.toLocaleString("en-GB")} companies into table ${table}`))
    .waitFor({ timeout: 50_000 });

  await productDown();
  const again = await openView(page, "Explore lists");
  await again.getByRole("button", { name: 'Import "Clean energy" to a new sheet' }).click();
  await again.getByText(/keeps the 0 rows that arrived/).waitFor({ timeout: 30_000 });
  await again.getByTestId("error-bar").getByText(DOWN).waitFor();
  await expectFitsAndAccessible(session.current);
});
