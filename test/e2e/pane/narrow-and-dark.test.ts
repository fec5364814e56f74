/**
 * Every view of the pane at the narrowest width Office gives a task pane (320 px), in the light and
 * the dark Office theme: axe finds nothing serious, and nothing makes the pane scroll sideways. The
 * views come from the pane's own list, so a view added there is checked here without another line.
 * The page is opened without the simulated Excel window, so the browser's viewport is the pane.
 */
import type { Page } from "playwright-core";
import { PANE_VIEWS } from "../../../src/taskpane/views";
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  expectFitsAndAccessible,
  openInTheme,
  PANE_WIDTH,
  pane,
  sandboxNumbers,
  sandboxRecords,
  signInWithSandbox,
  view,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});

async function openAndSettle(page: Page, id: string): Promise<void> {
  await pane(page).getByRole("button", { name: "Home", exact: true }).click();
  await pane(page).getByTestId(`open-${id}`).click();
  const opened = view(page, id);
  await opened.waitFor({ state: "visible" });
  // Views that load a catalogue when shown are checked once it has come (or failed).
  await opened.locator('[role="progressbar"]').first().waitFor({ state: "detached", timeout: 20_000 });
}

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

describe.each(["light", "dark"] as const)("the pane at 320 px in the %s theme", (theme) => {
  beforeAll(async () => {
    await openInTheme(session.current, theme);
  });

  test("the home page lists every view and fits", async () => {
    const { page } = session.current;
    for (const { id } of PANE_VIEWS) await pane(page).getByTestId(`open-${id}`).waitFor();
    await expectFitsAndAccessible(session.current);
  });

  test("About this value of a long formula on a sheet with a long name wraps instead of scrolling sideways", async () => {
    const { page } = session.current;
    const sheet = await session.current.sim((api, t) => api.addSheet(`Tearsheet 00020747 ${t}`), theme);
    await session.current.sim((api, name) => {
      api.setCell(`'${name}'!B2`, "'00020747");
      api.setCell(
        `'${name}'!C2`,
        `=UKCO.HISTORY('${name}'!B2,"CompanyFinancials_Vendor{YEAR,MADE_UPTO_DATE,TURNOVER}",5,"row")`,
      );
      api.select(`'${name}'!C2`);
    }, sheet);
    await openAndSettle(page, "about-value");
    await view(page, "about-value").getByTestId("about-formula").waitFor();
    await expectFitsAndAccessible(session.current);
  });

  test("Find by website and Search by number: their results fit, and show numbers and names as typed, without the writer's apostrophe", async () => {
    const s = session.current;
    const { page } = s;
    const records = await sandboxRecords(s, (await sandboxNumbers(s, { CompanyStatus: ["Active"] })).slice(0, 50));
    const company = records.find((r) => typeof r.Homepage_domain === "string")! as {
      CompanyNumber: string;
      CompanyName: string;
      Homepage_domain: string;
    };
    const lookups = [
      { id: "website", box: "Website address", typed: company.Homepage_domain, button: "Look up" },
      { id: "search", box: "Company number starts with", typed: company.CompanyNumber, button: "Search" },
    ];
    for (const { id, box, typed, button } of lookups) {
      await openAndSettle(page, id);
      const opened = view(page, id);
      await opened.getByRole("textbox", { name: box }).fill(typed);
      await opened.getByRole("button", { name: button }).click();
      const results = opened.getByTestId(`${id}-results`);
      await results.getByText(company.CompanyNumber, { exact: true }).waitFor({ timeout: 20_000 });
      const shown = await results.locator("td").allInnerTexts();
      expect(shown).toEqual(expect.arrayContaining([company.CompanyNumber, company.CompanyName]));
      expect(shown.filter((text) => text.startsWith("'"))).toEqual([]);
      await expectFitsAndAccessible(s);
    }
  });

  test.each(PANE_VIEWS.map((v) => [v.title, v.id]))(
    "%s: axe finds nothing serious, nothing scrolls sideways",
    async (_, id) => {
      const { page } = session.current;
      await openAndSettle(page, id);
      await session.current.screenshot(`pane-320-${theme}-${id}`);
      await expectFitsAndAccessible(session.current);
    },
  );
});
