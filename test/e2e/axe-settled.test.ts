/**
 * The accessibility check every pane test ends with judges the colours an analyst reads once the
 * page has settled, not a frame of a fade: a Fluent button that comes back from disabled fades over
 * 100 ms, and axe run halfway through found 1.4:1 where the settled button has 4.5:1 or more.
 */
import type { Page } from "playwright-core";
import { assertDistBuilt, runAxe, useAddinSession } from "./harness";

assertDistBuilt();
const session = useAddinSession({ sandbox: false, waitForFunctions: false });

const PALE = { color: "rgb(200, 200, 200)", background: "rgb(230, 230, 230)" };
const INK = { color: "rgb(0, 0, 0)", background: "rgb(255, 255, 255)" };

/** A labelled button that fades from one pair of colours to another over `ms`, started now. */
async function fadingButton(page: Page, id: string, from: typeof PALE, to: typeof PALE, ms: number): Promise<void> {
  await page.evaluate(
    ({ id, from, to, ms }) => {
      const button = document.createElement("button");
      button.id = id;
      button.textContent = "Search";
      button.style.setProperty("color", from.color);
      button.style.setProperty("background-color", from.background);
      button.style.setProperty("transition", `color ${ms}ms linear, background-color ${ms}ms linear`);
      document.body.append(button);
      void getComputedStyle(button).color; // the start colours are applied before the end ones are set
      button.style.setProperty("color", to.color);
      button.style.setProperty("background-color", to.background);
    },
    { id, from, to, ms },
  );
}

test.each([
  { fade: "pale to ink", id: "to-ink", from: PALE, to: INK, found: [] },
  { fade: "ink to pale", id: "to-pale", from: INK, to: PALE, found: ["color-contrast"] },
])("a button fading from $fade is judged by its colours at the end: $found", async ({ id, from, to, found }) => {
  const { page } = session.current;
  await fadingButton(page, id, from, to, 1_000);
  const violations = await runAxe(page, { include: [`#${id}`] });
  expect(violations.map((v) => v.id)).toEqual(found);
});

test("an endless animation (a spinner) does not hold the check back", async () => {
  const { page } = session.current;
  await page.evaluate(() => {
    const spinner = document.createElement("div");
    spinner.id = "spinner";
    document.body.append(spinner);
    spinner.animate([{ transform: "rotate(0deg)" }, { transform: "rotate(360deg)" }], {
      duration: 1_000,
      iterations: Infinity,
    });
  });
  const started = Date.now();
  expect(await runAxe(page, { include: ["#spinner"] })).toEqual([]);
  expect(Date.now() - started).toBeLessThan(2_500);
});
