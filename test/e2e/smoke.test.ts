/**
 * The foundation's smoke test: the production build loads in headless Chromium on the simulated
 * Office host, registers exactly the functions of functions.json, runs the ribbon's commands to
 * completion, renders the pane, and evaluates a UKCO formula typed into a cell.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { assertDistBuilt, DIST_DIR, useAddinSession } from "./harness";

assertDistBuilt();
const session = useAddinSession();

function declaredFunctionIds(): string[] {
  const metadata = JSON.parse(readFileSync(path.join(DIST_DIR, "functions.json"), "utf8")) as {
    functions: Array<{ id: string }>;
  };
  return metadata.functions.map((f) => f.id.toUpperCase()).sort();
}

describe("the built add-in on the simulated Office host", () => {
  afterAll(async () => {
    await session.current.screenshot("smoke-final").catch(() => undefined);
  });

  it("loads and registers, through CustomFunctions.associate, exactly the functions functions.json lists", async () => {
    const declared = declaredFunctionIds();
    expect(declared).toEqual(expect.arrayContaining(["MATCH", "FIELD", "CLASSIFY"]));
    const registered = await session.current.sim((api) => api.registeredFunctions());
    expect([...registered].sort()).toEqual(declared);
    expect(await session.current.sim((api) => api.problems())).toEqual([]);
    console.log(`smoke: page ready (Office.onReady and all functions associated) in ${session.current.loadMs} ms`);
  });

  it("renders the task pane", async () => {
    // The pane's code is a chunk of its own, loaded just after the functions register.
    const heading = session.current.page.locator("#root").getByRole("heading", { name: "UK Companies" });
    await heading.waitFor({ state: "visible", timeout: 15_000 });
    await expect(heading.isVisible()).resolves.toBe(true);
  });

  it.each([["Refresh workbook"], ["Refresh selection"]])(
    "runs the ribbon's %s command until it calls event.completed()",
    async (label) => {
      const { page } = session.current;
      await page.getByRole("button", { name: label, exact: true }).click();
      await page.waitForFunction(
        (wanted) =>
          (
            window as unknown as { __officeSim: { commandRuns(): Array<{ label: string; completed: boolean }> } }
          ).__officeSim
            .commandRuns()
            .some((r) => r.label === wanted && r.completed),
        label,
        { timeout: 20_000 },
      );
      const run = (await session.current.sim(
        (api, wanted) => api.commandRuns().find((r) => r.label === wanted),
        label,
      ))!;
      expect(run).toMatchObject({ completed: true, functionName: expect.any(String) });
      expect(run.error).toBeUndefined();
      // A command that reached an Office.js member the sim lacks would say so here.
      expect(session.current.consoleErrors.filter((text) => text.includes("not simulated"))).toEqual([]);
    },
  );

  it('evaluates =UKCO.MATCH("x") typed into a cell by calling the registered function', async () => {
    const { page } = session.current;
    await session.current.sim((api) => api.resetCounters());
    await page.locator('td[data-r="4"][data-c="1"]').click();
    await page.keyboard.type('=UKCO.MATCH("x")');
    await page.keyboard.press("Enter");
    await session.current.sim((api) => api.whenCalculated(20_000));
    const counters = await session.current.sim((api) => api.counters());
    expect(counters.byFunction.MATCH).toBeGreaterThanOrEqual(1);
    const cell = await session.current.sim((api) => api.cell("Sheet1!B5"));
    expect(cell.formula).toBe('=UKCO.MATCH("x")');
    // Whatever the engine answers, the cell settles: a value, or an error that carries its message.
    if (cell.error) expect(cell.error.message).toEqual(expect.any(String));
    else expect(cell.value).not.toBe("");
    expect(cell.value).not.toBe("#BUSY!");
  });

  it("keeps the simulated Excel window free of serious accessibility problems", async () => {
    const violations = await session.current.axe({
      include: ['[data-office-sim="ribbon"]', '[data-office-sim="workbook"]'],
    });
    expect(violations).toEqual([]);
  });
});
