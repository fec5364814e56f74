/**
 * The Match names review as an analyst uses it, at 320 px in the light and the dark theme: other
 * companies are found by name (with the row's postcode) or by number; a typed prefix with Enter
 * writes nothing, and a typed number must be a whole, existing company; the keys work anywhere in
 * the card and the card keeps the focus; Back shows the entry before; the row under review is
 * selected in the sheet; a rejected row keeps its confidence and leaves its number empty; the
 * queue ends with "Add fields to these companies", which opens Build a table on the numbers. A
 * signed-out run fails before it starts, offers Sign in, and writes nothing. axe and the sideways
 * check run after each flow.
 */
import type { Locator, Page } from "playwright-core";
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import { OUTPUT_HEADER } from "../../../src/core/match-names/output";
import { INVENTED_NAMES, messyName, sandboxCompanies, type SandboxCompany } from "../../support/messy-names";
import { assertDistBuilt, useAddinSession, type AddinSession } from "../harness";
import {
  expectFitsAndAccessible,
  openInTheme,
  openView,
  pane,
  PANE_WIDTH,
  signInWithSandbox,
  startMatchNames,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  sandbox: { companies: 2_000, seed: 42 },
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});

const text = async (locator: Locator) => (await locator.innerText()).trim();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  for (const started = Date.now(); ;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let companies: SandboxCompany[] = [];

beforeAll(async () => {
  companies = await sandboxCompanies(session.current.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 60);
});

/** Four invented names (no proposal: queued), then six the service is sure of (not queued). */
function namesSheet(): string[][] {
  const sure = companies.slice(0, 6).map((c, i) => [messyName(c.CompanyName, i * 6), c.RegisteredPostcode ?? ""]);
  return [["Company name", "Postcode"], ...INVENTED_NAMES.map((name) => [name, ""]), ...sure];
}

/** Puts the names on a new sheet, selects them and runs Match names with review below "high". */
const matchOnNewSheet = (s: AddinSession, sheet: string): Promise<Locator> => startMatchNames(s, sheet, namesSheet());

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");

describe.each(["light", "dark"] as const)("the review at 320 px in the %s theme", (theme) => {
  const sheet = `Review ${theme}`;

  beforeAll(async () => {
    await openInTheme(session.current, theme);
    await signInWithSandbox(session.current.page);
  });

  test("signed out of matching: the run stops before it starts, offers Sign in, and writes nothing", async () => {
    const s = session.current;
    const signIn = await openView(s.page, "Sign in and settings");
    const card = signIn.getByTestId("card-matching");
    await card.getByRole("button", { name: "Sign out" }).click();
    await card.getByText("Not signed in").first().waitFor();
    const view = await matchOnNewSheet(s, `Out ${theme}`);
    const failure = view.getByTestId("error-bar");
    await failure.waitFor({ timeout: 20_000 });
    expect(await text(failure)).toMatch(/^Match names did not run.*No credential is set for the .*matching/s);
    expect(await view.getByTestId("done-bar").count()).toBe(0);
    const written = await s.sim((api, a) => api.values(a), `'Out ${theme}'!C1:G11`);
    expect(written.flat().filter((v) => v !== "")).toEqual([]);
    await expectFitsAndAccessible(s);
    await failure.getByRole("button", { name: "Open Sign in and settings" }).click();
    const again = pane(s.page).getByTestId("view-sign-in");
    await again.waitFor({ state: "visible" });
    await again.getByRole("button", { name: "Use the sandbox credentials" }).click();
    await again
      .getByTestId("card-matching")
      .getByText("Signed in", { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
  }, 90_000);

  test("find another company by name or number; a prefix with Enter writes nothing; keys, Back, and the next step", async () => {
    const s = session.current;
    const { page } = s;
    const view = await matchOnNewSheet(s, sheet);
    const done = view.getByTestId("done-bar");
    await done.waitFor({ timeout: 60_000 });
    const cells = async () => s.sim((api, a) => api.values(a), `'${sheet}'!C2:G11`);
    const written = await cells();
    // The summary counts what happened: a company found is matched, an answer without one is not.
    const found = written.filter((row) => row[0] !== "").length;
    const none = written.filter((row) => row[0] === "" && row[2] === "none").length;
    expect([found, none]).toEqual([6, 4]);
    expect(await text(done)).toBe(
      "Matched 6 of 10 distinct names in 1 batch job (4 had no match); wrote the results in columns C to G.",
    );
    expect((await s.sim((api, a) => api.values(a), `'${sheet}'!C1:G1`))[0]).toEqual([...OUTPUT_HEADER]);
    expect(written.slice(0, 4).map((row) => [row[0], row[2], row[4]])).toEqual(
      INVENTED_NAMES.map(() => ["", "none", "to review"]),
    );

    const entry = view.getByTestId("review-entry");
    const box = entry.getByTestId("review-typed");
    const shownName = () => text(entry.getByTestId("review-input"));
    // The row under review is selected in the sheet, from its name to its review cell.
    expect(
      await until(
        () => s.sim((api) => api.selectedAddress()),
        (a) => a.endsWith("!A2:G2"),
      ),
    ).toBe(`'${sheet}'!A2:G2`);
    expect(await shownName()).toBe(INVENTED_NAMES[0]);

    // The start of a number lists companies whose number starts so; Enter without choosing writes nothing.
    const byNumber = companies[20]!;
    await box.fill(byNumber.CompanyNumber.slice(0, 5));
    await entry.getByTestId("review-alternative").first().waitFor();
    await box.press("Enter");
    await view
      .getByTestId("error-bar")
      .getByText(/is not a whole company number: choose one of the suggestions/)
      .waitFor();
    expect(await shownName()).toBe(INVENTED_NAMES[0]);
    expect((await cells())[0]).toEqual(written[0]);
    // A whole number that no company has is refused too.
    await box.fill("99999999");
    await box.press("Enter");
    await view
      .getByTestId("error-bar")
      .getByText("No company has the number 99999999: check it, or find the company by its name.")
      .waitFor();
    expect((await cells())[0]).toEqual(written[0]);
    // Escape empties the box and gives the card the keys.
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    expect(await focusedTestId(page)).toBe("review-entry");

    // A typed name finds the company, shown with its register facts; down arrow and Enter take it.
    const byName = companies[30]!;
    await box.fill(byName.CompanyName);
    const option = entry.getByTestId("review-alternative").filter({ hasText: `(${byName.CompanyNumber})` });
    await option.waitFor({ timeout: 30_000 });
    expect(await text(option)).toContain(byName.CompanyName);
    if (byName.RegisteredPostcode) expect(await text(option)).toContain(byName.RegisteredPostcode);
    expect(await text(option)).toMatch(/incorporated \d{1,2} \w{3} \d{4}/);
    await box.press("ArrowDown");
    await box.press("Enter");
    expect(await until(shownName, (n) => n !== INVENTED_NAMES[0])).toBe(INVENTED_NAMES[1]);
    // The card has the focus again: the next key acts on the next name.
    expect(await focusedTestId(page)).toBe("review-entry");
    await page.keyboard.press("Delete");
    expect(await until(shownName, (n) => n !== INVENTED_NAMES[1])).toBe(INVENTED_NAMES[2]);
    // A button pressed with the mouse leaves the keys working: Skip, then ← goes back.
    await entry.getByRole("button", { name: "Skip (→)" }).click();
    expect(await until(shownName, (n) => n !== INVENTED_NAMES[2])).toBe(INVENTED_NAMES[3]);
    await page.keyboard.press("ArrowLeft");
    expect(await until(shownName, (n) => n !== INVENTED_NAMES[3])).toBe(INVENTED_NAMES[2]);
    await page.keyboard.press("ArrowLeft");
    expect(await until(shownName, (n) => n !== INVENTED_NAMES[2])).toBe(INVENTED_NAMES[1]);
    expect(await text(entry.getByTestId("review-decided"))).toMatch(/^Decided: rejected\./);
    await page.keyboard.press("ArrowRight");

    // The rows as decided: the accepted company with its registered name; the rejected row with no
    // number, its confidence kept, and "rejected".
    const decided = async () => (await cells()).slice(0, 2);
    const expected = [
      [byName.CompanyNumber, byName.CompanyName, "none", expect.any(String), "accepted"],
      ["", "", "none", "", "rejected"],
    ];
    await until(decided, (rows) => rows[1]![4] === "rejected");
    expect(await decided()).toEqual(expected);
    await expectFitsAndAccessible(s);

    // Decide the rest with Delete; the end offers the next step, and it has the focus.
    while ((await view.getByTestId("review-done").count()) === 0) {
      const before = await shownName();
      await page.keyboard.press("Delete");
      await until(
        async () => ((await view.getByTestId("review-done").count()) > 0 ? "" : await shownName()),
        (n) => n !== before,
      );
    }
    const next = view.getByRole("button", { name: "Add fields to these companies" });
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await text(view.getByTestId("match-summary"))).toBe(
      "6 rows matched automatically; 4 reviewed (1 accepted, 3 rejected); 0 left to review.",
    );
    await expectFitsAndAccessible(s);

    await next.click();
    const builder = pane(page).getByTestId("view-builder");
    await builder.waitFor({ state: "visible" });
    await builder
      .getByText(`Using '${sheet}'!C1:C11: 10 rows of company numbers, below a header cell.`)
      .waitFor({ timeout: 10_000 });
    await s.screenshot(`pane-review-${theme}`);
    await expectFitsAndAccessible(s);
  }, 180_000);
});
