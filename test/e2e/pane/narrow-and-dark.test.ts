/**
 * Every view of the pane at the sizes Excel gives it — 320 px wide (the narrowest task pane) and
 * 350 × 378 (Excel's pane on a 1366 × 768 screen) — in the light and the dark Office theme, as first
 * opened and after use (Workbook data, What changed and About this value taken through their flows):
 * axe finds nothing serious or critical in the page, nothing makes the pane scroll sideways, and
 * every control can be scrolled to and is then not covered or cut off. The views come from the
 * pane's own list, so a view added there is checked here without another line. The page is opened
 * without the simulated Excel window, so the browser's viewport is the pane, and axe reads all of it.
 */
import type { Page } from "playwright-core";
import { PANE_VIEWS } from "../../../src/taskpane/views";
import { assertDistBuilt, useAddinSession, type AddinSession } from "../harness";
import {
  admin,
  openInTheme,
  PANE_WIDTH,
  pane,
  sandboxNumbers,
  sandboxRecords,
  sidewaysOverflow,
  signInWithSandbox,
  unreachableControls,
  view,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
  sandbox: { companies: 5_000, seed: 42 },
});

const SIZES = [
  { size: "320 px wide", width: PANE_WIDTH, height: 900 },
  { size: "350 × 378 (Excel's pane on a 1366 × 768 screen)", width: 350, height: 378 },
];
const THEMES = ["light", "dark"] as const;

/** What an analyst meets in the pane as it is now: nothing serious for axe, nothing sideways, nothing out of reach. */
async function expectUsable(s: AddinSession): Promise<void> {
  expect(await sidewaysOverflow(s.page)).toEqual({ scrollsSidewaysBy: 0, wide: [] });
  expect(await unreachableControls(s.page)).toEqual([]);
  // The whole page: what a component puts beside the pane's root (focus stops, portals) counts too.
  expect(await s.axe()).toEqual([]);
}

async function openAndSettle(page: Page, id: string): Promise<void> {
  await pane(page).getByRole("button", { name: "Home", exact: true }).click();
  await pane(page).getByTestId(`open-${id}`).click();
  const opened = view(page, id);
  await opened.waitFor({ state: "visible" });
  // Views that load a catalogue when shown are checked once it has come (or failed).
  await opened.locator('[role="progressbar"]').first().waitFor({ state: "detached", timeout: 20_000 });
}

let numbers: string[] = [];

beforeAll(async () => {
  const s = session.current;
  await signInWithSandbox(s.page);
  numbers = (await sandboxNumbers(s, { Nations: ["Wales"] })).slice(0, 3);
});

afterAll(async () => {
  await admin(session.current, "/reset", {}).catch(() => undefined);
});

describe.each(SIZES.flatMap(({ size, width, height }) => THEMES.map((theme) => ({ size, width, height, theme }))))(
  "the pane at $size in the $theme theme",
  ({ size, width, height, theme }) => {
    beforeAll(async () => {
      await session.current.page.setViewportSize({ width, height });
      await openInTheme(session.current, theme);
    });

    test("the home page lists every view, and is usable", async () => {
      const { page } = session.current;
      for (const { id } of PANE_VIEWS) await pane(page).getByTestId(`open-${id}`).waitFor();
      await expectUsable(session.current);
    });

    test.each(PANE_VIEWS.map((v) => [v.title, v.id]))("%s as first opened is usable", async (_, id) => {
      const { page } = session.current;
      await openAndSettle(page, id);
      await session.current.screenshot(`pane-${width}x${height}-${theme}-${id}`);
      await expectUsable(session.current);
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
        await expectUsable(s);
      }
    });

    describe("after use", () => {
      const renamed = `RENAMED AT ${width}X${height} ${theme.toUpperCase()} LTD`;

      beforeAll(async () => {
        const s = session.current;
        await s.sim((api, n) => {
          api.setCell(
            "Sheet1!A2",
            n.map((x) => [`'${x}`]),
          );
          api.setCell("Sheet1!B2", '=UKCO.FIELD(A2:A4,"CompanyName")');
          api.setCell("Sheet1!C2", '=UKCO.FIELD(A2,"BestEstimateTurnover")');
          api.setCell("Sheet1!D2", "a note");
        }, numbers);
        await s.sim((api) => api.whenCalculated(30_000));
      });

      test("Workbook data: refreshed, and Clear asked and declined", async () => {
        const s = session.current;
        await openAndSettle(s.page, "workbook");
        const workbook = view(s.page, "workbook");
        await workbook.getByRole("button", { name: "Refresh workbook" }).click();
        await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
        await s.sim((api) => api.whenCalculated(30_000));
        await workbook.getByRole("button", { name: "Clear stored data…" }).click();
        await workbook.getByTestId("confirm-clear").waitFor();
        await expectUsable(s);
        await workbook.getByRole("button", { name: "Keep it" }).click();
        await workbook.getByTestId("confirm-clear").waitFor({ state: "detached" });
        await expectUsable(s);
      });

      test("What changed: a renamed company listed after a refresh, its cells highlighted and cleared", async () => {
        const s = session.current;
        await admin(s, `/companies/${numbers[0]}`, { CompanyName: renamed });
        await openAndSettle(s.page, "workbook");
        await view(s.page, "workbook").getByRole("button", { name: "Refresh workbook" }).click();
        await s.sim((api) => api.whenCalculated(30_000));
        await openAndSettle(s.page, "changes");
        const changes = view(s.page, "changes");
        await changes.getByTestId("changes-table").getByText(renamed).first().waitFor({ timeout: 10_000 });
        await changes.getByRole("button", { name: "Highlight changed cells" }).click();
        await changes.getByText(/^Highlighted \d+ changed cells?\./).waitFor({ timeout: 10_000 });
        await expectUsable(s);
        await changes.getByRole("button", { name: "Clear highlight" }).click();
        await changes.getByText(/^Cleared the highlight/).waitFor({ timeout: 10_000 });
        await expectUsable(s);
      });

      test("About this value: a UKCO cell explained, then a plain cell", async () => {
        const s = session.current;
        await s.sim((api) => api.select("Sheet1!C2"));
        await openAndSettle(s.page, "about-value");
        const about = view(s.page, "about-value");
        await about.getByTestId("about-formula").waitFor({ timeout: 10_000 });
        await expectUsable(s);
        await s.sim((api) => api.select("Sheet1!D2"));
        await about.getByTestId("about-none").waitFor({ timeout: 10_000 });
        await expectUsable(s);
      });

      test("About this value of a long formula on a sheet with a long name wraps instead of scrolling sideways", async () => {
        const s = session.current;
        const sheet = await s.sim((api, t) => api.addSheet(`Tearsheet 00020747 ${t}`), `${theme} ${width}`);
        await s.sim((api, name) => {
          api.setCell(`'${name}'!B2`, "'00020747");
          api.setCell(
            `'${name}'!C2`,
            `=UKCO.HISTORY('${name}'!B2,"CompanyFinancials_Vendor{YEAR,MADE_UPTO_DATE,TURNOVER}",5,"row")`,
          );
          api.select(`'${name}'!C2`);
        }, sheet);
        await openAndSettle(s.page, "about-value");
        await view(s.page, "about-value")
          .getByTestId("about-formula")
          .getByText(/UKCO\.HISTORY/)
          .waitFor();
        await expectUsable(s);
      });

      test(`the three views, used, still pass when looked at again (${size}, ${theme})`, async () => {
        const s = session.current;
        for (const id of ["workbook", "changes", "about-value"]) {
          await openAndSettle(s.page, id);
          await expectUsable(s);
        }
      });
    });
  },
);
