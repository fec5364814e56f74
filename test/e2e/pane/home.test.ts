/**
 * The home page at 320 px in the light and the dark theme: the sign-in state of each service at the
 * top, a start path, views grouped by task, and a suggestion from the selection that starts the work
 * (names to match, numbers to add fields to); a ribbon refresh that changed nothing says so and goes
 * away by itself. axe and the sideways check run after each flow.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  expectFitsAndAccessible,
  openInTheme,
  openView,
  pane,
  PANE_WIDTH,
  sandboxNumbers,
  signInWithSandbox,
  view,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  sandbox: { companies: 2_000, seed: 42 },
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});

const SERVICES = ["product", "matching", "classification", "market"] as const;

async function goHome(): Promise<void> {
  await pane(session.current.page).getByRole("button", { name: "Home", exact: true }).click();
  await pane(session.current.page).getByRole("heading", { level: 2, name: "Home" }).waitFor();
}

const badges = () =>
  Promise.all(SERVICES.map((service) => pane(session.current.page).getByTestId(`home-status-${service}`).innerText()));

describe.each(["light", "dark"] as const)("the home page at 320 px in the %s theme", (theme) => {
  beforeAll(async () => {
    await openInTheme(session.current, theme);
  });

  test("says which services are signed in, before and after signing in, and where to start", async () => {
    const s = session.current;
    if (theme === "light") {
      expect(await badges()).toEqual([
        "Product API: not signed in",
        "Matching: not signed in",
        "Classification: not signed in",
        "Multi-market: not signed in",
      ]);
      await expectFitsAndAccessible(s);
      await signInWithSandbox(s.page);
      await goHome();
    }
    await pane(s.page)
      .getByTestId("home-status-classification")
      .getByText(/signed in$/)
      .waitFor();
    expect(await badges()).toEqual([
      "Product API: signed in",
      "Matching: signed in",
      "Classification: signed in",
      "Multi-market: signed in",
    ]);
    expect(await pane(s.page).getByTestId("home-start-path").locator("li").allInnerTexts()).toEqual([
      expect.stringMatching(/^Match a list/),
      expect.stringMatching(/^Add fields/),
      expect.stringMatching(/^Refresh and review changes/),
    ]);
    // Views grouped by task: search by number sits with the other ways to find companies.
    const headings = await pane(s.page).locator("main section h2").allInnerTexts();
    expect(headings).toEqual(
      expect.arrayContaining(["Start here", "Add data to a sheet", "Find companies", "Keep it current", "Set up"]),
    );
    const findCompanies = pane(s.page).locator("section", {
      has: s.page.getByRole("heading", { name: "Find companies" }),
    });
    await findCompanies.getByTestId("open-search").waitFor();
    await findCompanies.getByTestId("open-website").waitFor();
    await s.screenshot(`pane-home-${theme}`);
    await expectFitsAndAccessible(s);
  }, 90_000);

  test("a selection of names or numbers is suggested as the next step, and the step takes it", async () => {
    const s = session.current;
    const sheet = `Home ${theme}`;
    const numbers = (await sandboxNumbers(s, { Nations: ["Wales"] })).slice(0, 3);
    await s.sim(
      (api, { sheet, numbers }) => {
        api.addSheet(sheet);
        api.activate(sheet);
        api.setCell(`${sheet}!A1`, [
          ["Company name"],
          ["Tesco PLC"],
          ["Acme Widgets Ltd"],
          ["Bravo Holdings"],
          ["Delta Co"],
          ["Echo Ltd"],
        ]);
        api.setCell(`${sheet}!C1`, [["Company number"], ...numbers.map((n) => [`'${n}`])]);
        api.select(`${sheet}!A1:A6`);
      },
      { sheet, numbers },
    );
    await goHome();
    const suggestion = pane(s.page).getByTestId("home-suggestion");
    await suggestion.getByText("5 names selected: match them").waitFor({ timeout: 10_000 });
    await expectFitsAndAccessible(s);
    await suggestion.click();
    await view(s.page, "match-names")
      .getByTestId("match-source")
      .getByText(`5 names from ${sheet}, rows 1 to 6.`)
      .waitFor({ timeout: 10_000 });

    await s.sim((api, a) => api.select(a), `${sheet}!C1:C4`);
    await goHome();
    await suggestion.getByText("A column of 3 company numbers: add fields").waitFor({ timeout: 10_000 });
    await suggestion.click();
    await view(s.page, "builder")
      .getByText(`Using '${sheet}'!C1:C4: 3 rows of company numbers, below a header cell.`)
      .waitFor({ timeout: 10_000 });
    await expectFitsAndAccessible(s);
  }, 90_000);

  test("List summary leads to Import filtered by its code, named in its chip; a picker used leaves no focus trap behind", async () => {
    const s = session.current;
    const summary = await openView(s.page, "List summary");
    await summary.getByRole("textbox", { name: "Classifier model code" }).fill("RTIC-0042");
    await summary.getByRole("button", { name: "Show the summary" }).click();
    await summary.getByRole("button", { name: "Import these companies" }).click({ timeout: 30_000 });
    const importView = view(s.page, "import");
    await importView.waitFor({ state: "visible" });
    // The chip names the code with its description, not the code alone.
    const chip = importView
      .getByRole("list", { name: /^Chosen RTIC/ })
      .getByRole("button")
      .first();
    await chip.waitFor({ timeout: 30_000 });
    expect(await chip.innerText()).toMatch(/^RTIC-0042 \S/);
    // Use a picker, then look elsewhere: nothing focusable is left hidden from assistive technology.
    await importView.getByRole("combobox", { name: "Nations" }).click();
    await s.page.getByRole("option", { name: /Wales/ }).click();
    await s.page.keyboard.press("Escape");
    await expectFitsAndAccessible(s);
    await goHome();
    await expectFitsAndAccessible(s);
  }, 90_000);

  test("a ribbon refresh that changed nothing says so, then goes away by itself", async () => {
    const s = session.current;
    const sheet = `Home ${theme}`;
    await s.sim((api, a) => api.setCell(a, [['=UKCO.FIELD(C2,"CompanyName")']]), `${sheet}!D2`);
    await s.sim((api) => api.whenCalculated(30_000));
    await goHome();
    const run = await s.sim((api) => api.clickRibbon("Refresh workbook"));
    expect(run).toMatchObject({ completed: true });
    const notice = s.page.getByTestId("refresh-notice");
    await notice.getByText(/no stored value changed/).waitFor({ timeout: 30_000 });
    await expectFitsAndAccessible(s);
    await notice.waitFor({ state: "detached", timeout: 15_000 });
  }, 90_000);
});
