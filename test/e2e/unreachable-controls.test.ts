/**
 * The pane tests' check that every control can be scrolled to and is then not covered or cut off
 * (Excel's pane on a 1366 × 768 screen is about 350 × 378): a button under a bar fixed to the
 * bottom, or cut off inside a box that does not scroll, is found; a button far down a long page,
 * which scrolling reaches, is not.
 */
import type { Page } from "playwright-core";
import { assertDistBuilt, useAddinSession } from "./harness";
import { unreachableControls } from "./pane/pane-helpers";

assertDistBuilt();
// Without the simulated Excel window, the page is the pane, as in the pane's own checks.
const session = useAddinSession({
  sandbox: false,
  waitForFunctions: false,
  simConfig: { ui: false },
  viewport: { width: 350, height: 378 },
});

/** Puts `html` in a fresh box of its own on the page. */
async function shown(page: Page, id: string, html: string): Promise<void> {
  await page.evaluate(
    ({ id, html }) => {
      document.getElementById("check")?.remove();
      const box = document.createElement("div");
      box.id = id;
      box.innerHTML = html;
      document.body.append(box);
    },
    { id: "check", html: html.replace("{id}", id) },
  );
}

test.each([
  {
    page: "a button far down a long page",
    html: '<div style="height: 2000px"></div><button>Far down</button>',
    found: [],
  },
  {
    page: "a button under a bar fixed to the bottom of the pane",
    html:
      '<div style="height: 2000px"></div><button>Covered</button>' +
      '<div style="position: fixed; left: 0; right: 0; bottom: 0; height: 200px; background: white">bar</div>',
    found: ['<button> "Covered" under <div>'],
  },
  {
    page: "a button cut off in a box that does not scroll",
    html: '<div style="height: 100px; overflow: hidden"><div style="height: 300px"></div><button>Cut off</button></div>',
    found: ['<button> "Cut off" cut off by <div>'],
  },
])("$page: $found", async ({ html, found }) => {
  const { page } = session.current;
  await shown(page, "check", html);
  expect(await unreachableControls(page, "#check")).toEqual(found);
});
