/** What the pane's end-to-end tests share: finding views, signing in, the sandbox's admin API and its own answers. */
import type { Locator, Page } from "playwright-core";
import type { AddinSession } from "../harness";
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import { joinParts, STORE_NAMESPACE } from "../../../src/host/workbook-store";

export const pane = (page: Page): Locator => page.locator("#root");
export const view = (page: Page, id: string): Locator => pane(page).getByTestId(`view-${id}`);

/** Opens a view from the header's Views menu (works from any view). */
export async function openView(page: Page, title: string): Promise<Locator> {
  await pane(page).getByRole("button", { name: "Views" }).click();
  await page.getByRole("menuitemradio", { name: title }).click();
  const section = pane(page).locator("section", {
    has: page.getByRole("heading", { level: 2, name: title, exact: true }),
  });
  await section.first().waitFor({ state: "visible" });
  return section.first();
}

export async function signInWithSandbox(page: Page): Promise<void> {
  const signIn = await openView(page, "Sign in and settings");
  await signIn.getByRole("button", { name: "Use the sandbox credentials" }).click();
  await signIn.getByText("Signed in to all four sandbox services.").waitFor({ timeout: 30_000 });
}

export async function admin(session: AddinSession, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${session.sandbox!.origin}/__admin${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`admin ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The sandbox's own answer to a query: every matching company number, paged as the contract says. */
export async function sandboxNumbers(session: AddinSession, body: Record<string, unknown>): Promise<string[]> {
  const numbers: string[] = [];
  for (let skip = 0; ; skip += 1000) {
    const response = await fetch(`${session.sandbox!.urls.product}/v2/companies`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.productToken}` },
      body: JSON.stringify({ ...body, ReturnCompanyIDsOnly: true, returnCount: 1000, skip }),
    });
    const page = (await response.json()) as { companies: string[] };
    numbers.push(...page.companies);
    if (page.companies.length < 1000) return numbers;
  }
}

/** The records as the sandbox sends them, read directly over HTTP, in the order asked. */
export async function sandboxRecords(
  session: AddinSession,
  numbers: readonly string[],
): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${session.sandbox!.urls.product}/v2/companies`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.productToken}` },
    body: JSON.stringify({ CompanyNumbers: numbers, returnCount: numbers.length, skip: 0 }),
  });
  const body = (await response.json()) as { companies: Record<string, unknown>[] };
  return numbers.map((n) => body.companies.find((c) => c.CompanyNumber === n)!);
}

/** Every credential the sandbox fill stores, and the classification token once signed in. */
export const SECRETS: readonly string[] = [
  SANDBOX_CREDENTIALS.productToken,
  SANDBOX_CREDENTIALS.matchingKey,
  SANDBOX_CREDENTIALS.marketKey,
  SANDBOX_CREDENTIALS.classificationPassword,
];

/** Asserts no credential (nor the classification JWT) appears in `text`. */
export function expectNoSecret(text: string, where: string, jwt?: string): void {
  for (const secret of [...SECRETS, ...(jwt ? [jwt] : [])]) {
    if (text.includes(secret)) throw new Error(`A credential (${secret.slice(0, 6)}…) appears in ${where}.`);
  }
}

/** The classification token the pane stored, read from the host's storage as the add-in does. */
export async function storedJwt(page: Page): Promise<string | undefined> {
  return (await page.evaluate(`OfficeRuntime.storage.getItem("ukco.credential.classification")`)) as string | undefined;
}

/** The whole table column as Range.values gives it. */
export async function columnValues(
  session: AddinSession,
  sheet: string,
  column: string,
  firstRow: number,
  count: number,
): Promise<unknown[]> {
  const address = `'${sheet}'!${column}${firstRow}:${column}${firstRow + count - 1}`;
  return (await session.sim((api, a) => api.values(a), address)).map((row) => row[0]);
}

/** The fetch time the workbook's store keeps for a company, once a save has written it (the store saves a little after a change). */
export async function storedFetchTime(session: AddinSession, number: string): Promise<number> {
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const parts = await session.sim((api) => api.customXmlParts());
    const text = joinParts(parts.filter((p) => p.namespaceUri === STORE_NAMESPACE).map((p) => p.xml));
    const entry = text
      ? (JSON.parse(text) as { companies: Record<string, { t: number }> }).companies[number]
      : undefined;
    if (entry) return entry.t;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the workbook's store never held company ${number}`);
}

/**
 * Puts company numbers in Sheet1's column A from row 2 (as text), the formulas of each row from B,
 * and waits for them to calculate.
 */
export async function numbersWithFormulas(
  session: AddinSession,
  numbers: readonly string[],
  /** Row `row`'s cells from column B; null leaves a cell as it is. */
  formulas: (row: number) => (string | null)[],
): Promise<void> {
  const rows = numbers.map((_, i) => formulas(i + 2));
  await session.sim(
    (api, { numbers, rows }) => {
      api.setCell(
        "Sheet1!A2",
        numbers.map((x) => [`'${x}`]),
      );
      api.setCell("Sheet1!B2", rows);
    },
    { numbers, rows },
  );
  await session.sim((api) => api.whenCalculated(60_000));
}

/** The narrowest width Office gives a task pane. */
export const PANE_WIDTH = 320;

/** Reloads the pane as Office opens it in `theme`; what was stored (the sign-in) stays. */
export async function openInTheme(session: AddinSession, theme: "light" | "dark"): Promise<void> {
  const { page } = session;
  const url = new URL(session.url);
  url.searchParams.set("officeSim", JSON.stringify({ theme }));
  await page.goto(url.href, { waitUntil: "load" });
  await page.evaluate("window.__officeSim.ready");
  await pane(page).getByRole("heading", { name: "Home", level: 2 }).waitFor();
  // The pane follows the theme: a dark background under light text, or the reverse.
  const background = await pane(page)
    .locator(".fui-FluentProvider")
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
  expect({ theme, dark: (r + g + b) / 3 < 128 }).toEqual({ theme, dark: theme === "dark" });
}

/**
 * What sticks out past the pane's right or left edge, where no scrolling container inside the pane
 * clips it. The pane is the browser's viewport when the page is opened without the simulated Excel
 * window, and the simulated window's task pane (its own scrolling box) when it is shown: there the
 * page itself never scrolls, so the pane's box is the edge an analyst would scroll past.
 */
export function sidewaysOverflow(page: Page): Promise<{ scrollsSidewaysBy: number; wide: string[] }> {
  return page.evaluate(() => {
    const paneBody = document.querySelector('[data-office-sim="pane"] .osim-pane-body');
    const frame = paneBody ?? document.scrollingElement ?? document.documentElement;
    const scope = paneBody ?? document.body;
    const frameBox = paneBody?.getBoundingClientRect();
    const left = frameBox ? frameBox.left + paneBody!.clientLeft : 0;
    const right = left + frame.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== scope; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") {
          const box = parent.getBoundingClientRect();
          if (box.left >= left - 0.5 && box.right <= right + 0.5) return true;
        }
      }
      return false;
    };
    const name = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${label}"`;
    };
    const wide = [...scope.querySelectorAll("*")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const past = Math.max(box.right - right, left - box.left);
      return past > 0.5 && !clipped(element) ? [`${name(element)} by ${Math.ceil(past)} px`] : [];
    });
    return { scrollsSidewaysBy: frame.scrollWidth - frame.clientWidth, wide: wide.slice(0, 8) };
  });
}

/**
 * The controls under `scope` an analyst cannot get to see: cut off by a box that clips and does not
 * scroll (overflow hidden or clip), or, once scrolled into view, covered by something else (a bar
 * fixed over them): the element at the middle of each is not the control, nor inside it. Scrolls
 * each into view in turn, then puts every box it scrolled back where it was.
 */
export function unreachableControls(page: Page, scope = "#root"): Promise<string[]> {
  return page.evaluate((scope) => {
    const controls = document.querySelectorAll<HTMLElement>(
      `${scope} :is(button, input, select, textarea, a[href], [tabindex="0"], [role="treeitem"], [role="option"])`,
    );
    const clips = (element: Element) => /hidden|clip/.test(`${getComputedStyle(element).overflow}`);
    const name = (control: HTMLElement) =>
      control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40) ?? "";
    const scrolled = new Map<Element, [number, number]>();
    const unreachable: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let clipper: Element | undefined;
      for (let parent = control.parentElement; parent && !clipper; parent = parent.parentElement) {
        if (!clips(parent)) continue;
        const frame = parent.getBoundingClientRect();
        const inside =
          box.top >= frame.top - 1 &&
          box.bottom <= frame.bottom + 1 &&
          box.left >= frame.left - 1 &&
          box.right <= frame.right + 1;
        if (!inside) clipper = parent;
      }
      if (clipper) {
        unreachable.push(
          `<${control.tagName.toLowerCase()}> "${name(control)}" cut off by <${clipper.tagName.toLowerCase()}>`,
        );
        continue;
      }
      for (let parent = control.parentElement; parent; parent = parent.parentElement)
        if (!scrolled.has(parent)) scrolled.set(parent, [parent.scrollLeft, parent.scrollTop]);
      control.scrollIntoView({ block: "center", inline: "nearest" });
      const seen = control.getBoundingClientRect();
      const hit = document.elementFromPoint(seen.left + seen.width / 2, seen.top + seen.height / 2);
      if (hit && (hit === control || control.contains(hit) || hit.contains(control))) continue;
      unreachable.push(
        `<${control.tagName.toLowerCase()}> "${name(control)}" under <${hit?.tagName.toLowerCase() ?? "nothing"}>`,
      );
    }
    for (const [element, [left, top]] of scrolled) element.scrollTo(left, top);
    window.scrollTo(0, 0);
    return unreachable;
  }, scope);
}

/**
 * After a flow: axe finds nothing serious or critical in the pane, and nothing scrolls sideways at
 * the width the test gives the pane (320 px without the simulated Excel window, its pane's width with it).
 */
export async function expectFitsAndAccessible(session: AddinSession): Promise<void> {
  expect(await sidewaysOverflow(session.page)).toEqual({ scrollsSidewaysBy: 0, wide: [] });
  expect(await session.axe({ include: ["#root"] })).toEqual([]);
}

/**
 * `rows` (a header and names) on a new sheet, the names selected, and Match names started on
 * them, reviewing what is less sure than "high". The view is returned as the run starts.
 */
export async function startMatchNames(session: AddinSession, sheet: string, rows: string[][]): Promise<Locator> {
  await session.sim(
    (api, { sheet, rows }) => {
      api.addSheet(sheet);
      api.activate(sheet);
      api.setCell(`${sheet}!A1`, rows);
      api.select(`${sheet}!A1:A${rows.length}`);
    },
    { sheet, rows },
  );
  const view = await openView(session.page, "Match names");
  await view.getByRole("button", { name: "Use the selected cells" }).click();
  await view
    .getByTestId("match-source")
    .getByText(`${rows.length - 1} names from ${sheet}, rows 1 to ${rows.length}.`)
    .waitFor();
  await view.getByRole("radio", { name: "high" }).check();
  await view.getByRole("button", { name: "Match names", exact: true }).click();
  return view;
}
