/**
 * The group view end to end: it follows the selected cell, shows a 1,000+ company group rendering
 * only what is in view (timings printed), searches, inserts; text from the service stays text;
 * and one whole flow done with the keyboard alone.
 */
import { companyNumberOf, type Dataset } from "../../../sandbox/data/dataset";
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, admin, openView, pane, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 5_000, seed: 42 } });
const dialogs: string[] = [];
const XSS = "<img src=x onerror=alert(1)>";

/** The largest group of the sandbox, its root and a member's number. */
function giantGroup(): { size: number; root: string; member: string; other: string } {
  const ds = (session.current.sandbox as unknown as { state: { ds: Dataset } }).state.ds;
  const giant = [...ds.groups].sort((a, b) => b.size - a.size)[0]!;
  return {
    size: giant.size,
    root: companyNumberOf(ds, giant.root),
    member: companyNumberOf(ds, giant.root + 40),
    other: companyNumberOf(ds, giant.root + 700),
  };
}

beforeAll(async () => {
  session.current.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInWithSandbox(session.current.page);
});

afterAll(async () => {
  await admin(session.current, "/reset", {}).catch(() => undefined);
});

test("follows the selected cell and shows a 1,000+ company group, drawing only the rows in view", async () => {
  const { page } = session.current;
  const group = giantGroup();
  expect(group.size).toBeGreaterThan(1_000);
  const view = await openView(page, "Group structure");
  await session.current.sim((api, n) => api.setCell("Sheet1!B2", `'${n}`), group.member);
  const started = Date.now();
  await session.current.sim((api) => api.select("Sheet1!B2"));
  await view
    .getByTestId("group-summary")
    .getByText(`${group.size.toLocaleString("en-GB")} companies`, { exact: false })
    .waitFor({ timeout: 30_000 });
  const shownMs = Date.now() - started;
  expect(await view.getByTestId("group-summary").innerText()).toContain(`(${group.root})`);

  const search = view.getByRole("searchbox", { name: /Search this group/ });
  const searchStarted = Date.now();
  await search.fill("LIMITED");
  await view.getByText(/\d+ matches/).waitFor();
  const tree = view.getByTestId("group-tree");
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="group-tree"]')?.getAttribute("data-rows")) > 1000,
  );
  const searchMs = Date.now() - searchStarted;
  const rows = Number(await tree.getAttribute("data-rows"));
  const drawn = await tree.getByRole("treeitem").count();
  expect(drawn).toBeLessThan(40);
  expect(await tree.locator("mark").first().innerText()).toMatch(/limited/i);
  await tree.evaluate((el) => (el.scrollTop = 20_000));
  await tree.locator('[role="treeitem"][aria-posinset]').nth(5).waitFor();
  expect(await tree.getByRole("treeitem").count()).toBeLessThan(40);
  console.log(
    `group view: ${group.size} companies shown ${shownMs} ms after the selection moved; search over them ${searchMs} ms; ${rows} rows in the tree, ${drawn} drawn`,
  );
  await session.current.screenshot("pane-group-search");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
  await search.fill("");
  await expectFitsAndAccessible(session.current);
});

test("inserts the group as a table at the selection, in tree order, with parent numbers", async () => {
  const { page } = session.current;
  const group = giantGroup();
  const view = await openView(page, "Group structure");
  await session.current.sim((api) => api.select("Sheet1!D2"));
  await view.getByRole("button", { name: "Insert as table at the selection" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/Inserted/)
    .waitFor({ timeout: 30_000 });
  const tables = await session.current.sim((api) => api.tables());
  expect(tables.find((t) => t.name === "UKCO_Group_1")).toMatchObject({
    sheet: "Sheet1",
    rowCount: group.size,
    headers: [
      "Level",
      "Company number",
      "Company name",
      "Parent number",
      "Website",
      "Consolidated accounts",
      "Distinct brand",
    ],
  });
  const top = await session.current.sim((api) => api.values("Sheet1!D3:G4"));
  expect(top[0]!.slice(0, 2)).toEqual([0, group.root]);
  expect(top[1]![0]).toBe(1);
  expect(top[1]![2]).toMatch(/^ {4}\S/);
  expect(top[1]![3]).toBe(group.root);
  await expectFitsAndAccessible(session.current);
});

test("a company name holding markup shows literally in the tree and in the grid, and runs nothing", async () => {
  const { page } = session.current;
  const group = giantGroup();
  // The ultimate parent: first in the tree and on the inserted sheet, so in view in both.
  await admin(session.current, `/companies/${group.root}`, { CompanyName: XSS });
  const view = await openView(page, "Group structure");
  await view.getByRole("switch", { name: "Follow the selected cell" }).click();
  await view.getByRole("textbox", { name: "Company number" }).fill(group.other);
  await view.getByRole("button", { name: "Show group" }).click();
  await view.getByRole("searchbox", { name: /Search this group/ }).fill("<img");
  const row = view.locator(`[role="treeitem"][data-number="${group.root}"]`);
  await row.waitFor();
  expect(await row.innerText()).toContain(XSS);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await view.getByRole("button", { name: "Insert on a new sheet" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/Inserted/)
    .waitFor({ timeout: 30_000 });
  const sheet = `Group ${group.root}`;
  const names = await session.current.sim((api, s) => api.values(`'${s}'!C2:C2000`).map((r) => r[0]), sheet);
  expect(names.some((name) => String(name).trim() === XSS)).toBe(true);
  await session.current.sim((api, s) => api.activate(s), sheet);
  await page.locator('[data-office-sim="workbook"] td', { hasText: XSS }).first().waitFor({ timeout: 10_000 });
  expect(await page.locator('[data-office-sim="workbook"] img').count()).toBe(0);
  expect(dialogs).toEqual([]);
  await session.current.screenshot("pane-group-markup-as-text");
  await view.getByRole("searchbox", { name: /Search this group/ }).fill("");
  await expectFitsAndAccessible(session.current);
});

test("one whole flow by keyboard alone: open the view, show a group, walk the tree, insert it", async () => {
  const { page } = session.current;
  const group = giantGroup();
  const keys = async (...sequence: string[]) => {
    for (const key of sequence) await page.keyboard.press(key);
  };
  /** Waits until the focused element has `value` for `attribute` (or, for "text", starts with it): focus follows a render. */
  const focusedHas = (attribute: string, value: string) =>
    page.waitForFunction(
      ([name, wanted]) => {
        const element = document.activeElement;
        return name === "text"
          ? element?.textContent?.startsWith(wanted!) === true
          : element?.getAttribute(name!) === wanted;
      },
      [attribute, value],
      { timeout: 10_000 },
    );
  await pane(page).getByRole("button", { name: "Home" }).focus();
  await keys("Enter", "Tab");
  await focusedHas("text", "Sign in and settings");
  // On along the home page's list, however many views come before it, to Group structure.
  for (let step = 0; step < 12; step++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (focused.startsWith("Group structure")) break;
    await keys("Tab");
  }
  await focusedHas("text", "Group structure");
  await keys("Enter");
  await focusedHas("id", "view-group");
  await keys("Tab");
  await focusedHas("role", "switch");
  await keys("Tab", "Control+A");
  await page.keyboard.type(group.root);
  await keys("Enter");
  const view = pane(page).getByTestId("view-group");
  await view.getByTestId("group-summary").getByText(`(${group.root})`, { exact: false }).waitFor({ timeout: 30_000 });
  await keys("Tab", "Tab", "Tab");
  await focusedHas("role", "treeitem");
  await keys("ArrowDown");
  await focusedHas("aria-level", "2");
  await keys("ArrowRight", "ArrowDown");
  await focusedHas("aria-level", "3");
  await keys("ArrowLeft");
  await focusedHas("aria-level", "2");
  await keys("Tab", "Tab", "Enter");
  await view
    .getByTestId("done-bar")
    .getByText(/Inserted .* UKCO_Group_\d+/)
    .waitFor({ timeout: 30_000 });
  expect(
    (await session.current.sim((api) => api.tables())).filter((t) => t.name.startsWith("UKCO_Group_")).length,
  ).toBeGreaterThanOrEqual(3);
  await session.current.screenshot("pane-group-keyboard");
  await expectFitsAndAccessible(session.current);
});
