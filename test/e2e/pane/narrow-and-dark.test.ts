/**
 * Every view of the pane at the narrowest width Office gives a task pane (320 px), in the light and
 * the dark Office theme: axe finds nothing serious, and nothing makes the pane scroll sideways. The
 * views come from the pane's own list, so a view added there is checked here without another line.
 * The page is opened without the simulated Excel window, so the browser's viewport is the pane.
 */
import type { Page } from "playwright-core";
import { PANE_VIEWS } from "../../../src/taskpane/views";
import { assertDistBuilt, useAddinSession } from "../harness";
import { pane, signInWithSandbox, view } from "./pane-helpers";

const PANE_WIDTH = 320;

assertDistBuilt();
const session = useAddinSession({
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});

/** Reloads the pane as Office opens it in `theme`; what was stored (the sign-in) stays. */
async function openInTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  const url = new URL(session.current.url);
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

/** What sticks out past the pane's right or left edge, where no scrolling container around it clips it. */
function sidewaysOverflow(page: Page): Promise<{ scrollsSidewaysBy: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") {
          const box = parent.getBoundingClientRect();
          if (box.left >= -0.5 && box.right <= width + 0.5) return true;
        }
      }
      return false;
    };
    const name = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${label}"`;
    };
    const wide = [...document.body.querySelectorAll("*")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const past = Math.max(box.right - width, -box.left);
      return past > 0.5 && !clipped(element) ? [`${name(element)} by ${Math.ceil(past)} px`] : [];
    });
    return { scrollsSidewaysBy: root.scrollWidth - width, wide: wide.slice(0, 8) };
  });
}

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
    await openInTheme(session.current.page, theme);
  });

  test("the home page lists every view and fits", async () => {
    const { page } = session.current;
    for (const { id } of PANE_VIEWS) await pane(page).getByTestId(`open-${id}`).waitFor();
    expect(await sidewaysOverflow(page)).toEqual({ scrollsSidewaysBy: 0, wide: [] });
    expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
  });

  test.each(PANE_VIEWS.map((v) => [v.title, v.id]))(
    "%s: axe finds nothing serious, nothing scrolls sideways",
    async (_, id) => {
      const { page } = session.current;
      await openAndSettle(page, id);
      await session.current.screenshot(`pane-320-${theme}-${id}`);
      expect(await sidewaysOverflow(page)).toEqual({ scrollsSidewaysBy: 0, wide: [] });
      expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
    },
  );
});
