/**
 * `npm run screenshots`: the README's pictures, taken from the simulated Excel against the sandbox,
 * so they show the pane as it is now: the home page, the match review, the table builder, What
 * changed and the peer comparison. Needs a build (`npm run build`); writes assets/screenshots/*.png.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SANDBOX_CREDENTIALS } from "../sandbox/credentials";
import type { Locator } from "playwright-core";
import { openAddinSession, type AddinSession } from "../test/e2e/harness";
import { admin, openView, pane, signInWithSandbox } from "../test/e2e/pane/pane-helpers";
import { INVENTED_NAMES, messyName, sandboxCompanies } from "../test/support/messy-names";

const OUT = path.resolve(import.meta.dirname, "../assets/screenshots");

/** Saves the page as it is, with `shown` (a part of the pane) scrolled into view. */
async function shoot(session: AddinSession, name: string, shown?: Locator): Promise<void> {
  if (shown) await shown.scrollIntoViewIfNeeded();
  const file = path.join(OUT, `${name}.png`);
  await session.page.screenshot({ path: file });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const session = await openAddinSession({
    sandbox: { companies: 2_000, seed: 42 },
    viewport: { width: 1280, height: 820 },
  });
  try {
    const { page } = session;
    const companies = await sandboxCompanies(session.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 40);
    await shoot(session, "home");

    // The review: names as people type them, matched, the unsure ones queued; another company found by name.
    await signInWithSandbox(page);
    const names = [...companies.slice(0, 16).map((c, i) => messyName(c.CompanyName, i)), ...INVENTED_NAMES];
    await session.sim(
      (api, rows) => {
        api.setCell("Sheet1!A1", rows);
        api.select(`Sheet1!A1:A${rows.length}`);
      },
      [["Company name"], ...names.map((name) => [name])],
    );
    const match = await openView(page, "Match names");
    await match.getByRole("button", { name: "Use the selected cells" }).click();
    await match.getByRole("radio", { name: "high" }).check();
    await match.getByRole("button", { name: "Match names", exact: true }).click();
    const entry = match.getByTestId("review-entry");
    await entry.waitFor({ timeout: 60_000 });
    await entry.getByTestId("review-typed").fill(companies[30]!.CompanyName);
    await entry.getByTestId("review-alternative").first().waitFor({ timeout: 30_000 });
    await entry.getByTestId("review-typed").press("ArrowDown");
    await shoot(session, "review", entry.getByRole("listbox"));

    // The builder: fields found by what they mean, inserted with labels and formats.
    const numbers = companies.slice(0, 12).map((c) => c.CompanyNumber);
    await session.sim(
      (api, rows) => {
        api.addSheet("Table");
        api.activate("Table");
        api.setCell("Table!A1", rows);
        api.select(`Table!A1:A${rows.length}`);
      },
      [["Company number"], ...numbers.map((n) => [`'${n}`])],
    );
    const builder = await openView(page, "Build a table");
    await builder.getByRole("button", { name: "Use the selected column" }).click();
    const search = builder.getByRole("searchbox", { name: "Search fields" });
    for (const [words, label] of [
      ["registered name", "Registered name"],
      ["turnover", "Turnover, best estimate (£)"],
      ["employees", "Employees, best estimate"],
    ] as const) {
      await search.fill(words);
      await builder.getByTestId("builder-results").getByRole("checkbox", { name: label, exact: true }).check();
    }
    // A formula per cell: What changed then finds each changed value's cell.
    await builder.getByRole("radio", { name: "A formula in each cell" }).check();
    await builder.getByRole("button", { name: "Insert table" }).click();
    await builder.getByText(/^Inserted the table at /).waitFor({ timeout: 20_000 });
    await session.sim((api) => api.whenCalculated(60_000));
    await search.fill("turnover");
    await shoot(session, "builder", builder.getByTestId("builder-results"));

    // What changed: two companies' figures move, the workbook is refreshed.
    for (const [i, number] of numbers.slice(0, 3).entries())
      await admin(session, `/companies/${number}`, {
        BestEstimateTurnover: 1_250_000 * (i + 1),
        BestEstimateEmployees: 40 + i,
      });
    const workbook = await openView(page, "Workbook data");
    await workbook.getByRole("button", { name: "Refresh workbook", exact: true }).click();
    // A refresh above the pane's threshold asks first.
    const go = workbook.getByRole("button", { name: "Refresh workbook now" });
    await go
      .or(workbook.getByText("Refreshing every UKCO formula in the workbook."))
      .first()
      .waitFor({ timeout: 30_000 });
    if (await go.isVisible()) await go.click();
    await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor({ timeout: 30_000 });
    await session.sim((api) => api.whenCalculated(60_000));
    const changes = await openView(page, "What changed");
    await changes.getByTestId("changes-table").waitFor({ timeout: 30_000 });
    await shoot(session, "what-changed", changes.getByTestId("changes-table"));

    // The peer comparison of the first company.
    await session.sim((api) => api.select("Table!A2"));
    const peers = await openView(page, "Peer comparison");
    await peers.getByRole("button", { name: "Make peer comparison" }).click();
    await peers.getByText(/^Made the sheet /).waitFor({ timeout: 30_000 });
    await session.sim((api) => api.whenCalculated(60_000));
    await pane(page).getByRole("button", { name: "Home", exact: true }).waitFor();
    await shoot(session, "peers");
  } finally {
    await session.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
