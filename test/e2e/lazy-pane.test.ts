/**
 * The page's load order on a runtime started without the pane (a workbook with formulas opened,
 * the pane closed): the functions register and answer while the pane's code, a chunk of its own,
 * has not even been requested, and the runtime they share is built as soon as Office is ready; Open pane fetches it, the pane renders, and it works with the
 * functions on the same runtime.
 */
import { readdirSync } from "node:fs";
import { assertDistBuilt, DIST_DIR, scriptsBeforeRegistration, useAddinSession, type LoadTimeline } from "./harness";
import { pane, signInWithSandbox } from "./pane/pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  simConfig: { pane: "hidden" },
  webViewFollowsPane: true,
  recordLoadTimeline: true,
});

/** A company of the sandbox, read straight from its product API. */
async function sandboxCompany(): Promise<{ CompanyNumber: string; CompanyName: string }> {
  const { urls, credentials } = session.current.sandbox!;
  const response = await fetch(`${urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${credentials.productToken}`, "content-type": "application/json" },
    body: JSON.stringify({ returnCount: 1 }),
  });
  return ((await response.json()) as { companies: Array<{ CompanyNumber: string; CompanyName: string }> })
    .companies[0]!;
}

const PANE_CHUNK = /^pane\.[0-9a-f]+\.js$/;
const paneChunksFetched = (timeline: LoadTimeline) =>
  timeline.scripts.filter((script) => PANE_CHUNK.test(script.path.slice(1)));

test("the build puts the pane's code in a chunk of its own, which the page does not name", () => {
  expect(readdirSync(DIST_DIR).filter((file) => PANE_CHUNK.test(file))).toHaveLength(1);
});

test("the functions register from the page's own scripts, without the pane's chunk", async () => {
  const timeline = await session.current.loadTimeline();
  const before = scriptsBeforeRegistration(timeline).map((script) => script.path);
  expect(before).toEqual(expect.arrayContaining(["/runtime.js", "/shared.js", "/functions.js", "/taskpane.js"]));
  expect(paneChunksFetched(timeline)).toEqual([]);
  expect(await session.current.sim((api) => api.taskpaneVisible())).toBe(false);
  expect(await pane(session.current.page).innerHTML()).toBe("");
});

test("with the pane closed, the runtime is built once Office is ready, before any formula asks for it", async () => {
  const { page } = session.current;
  // The configuration read is the runtime's first step; no formula has been entered yet.
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => new URL(entry.name).pathname === "/config.json"),
  );
  expect((await session.current.sim((api) => api.counters())).invocations).toBe(0);
});

test("UKCO formulas compute while the pane is closed and its code not fetched", async () => {
  const { CompanyNumber } = await sandboxCompany();
  await session.current.sim((api, number) => {
    api.setCell("Sheet1!A1", "=UKCO.FIELDS()");
    api.setCell("Sheet1!F1", `=UKCO.FIELD("${number}","CompanyName")`);
  }, CompanyNumber);
  await session.current.sim((api) => api.whenCalculated(20_000));
  const catalogue = await session.current.sim((api) => api.values("Sheet1!A1:A400"));
  expect(catalogue.map((row) => row[0])).toContain("CompanyName");
  // Not signed in yet: the shared runtime (configuration, credentials, engine) still answers the cell.
  const name = await session.current.sim((api) => api.cell("Sheet1!F1"));
  expect(name.error).toEqual({ code: "#N/A", message: expect.stringMatching(/\S/) });
  expect(paneChunksFetched(await session.current.loadTimeline())).toEqual([]);
});

test("Open pane fetches the pane's chunk, once, and the pane renders", async () => {
  const run = await session.current.sim((api) => api.clickRibbon("Open pane"));
  expect(run.completed).toBe(true);
  const heading = pane(session.current.page).getByRole("heading", { name: "UK Companies" });
  await heading.waitFor({ state: "visible" });
  const timeline = await session.current.loadTimeline();
  const chunks = paneChunksFetched(timeline);
  expect(chunks).toHaveLength(1);
  expect(chunks[0]!.requestedMs).toBeGreaterThan(timeline.registeredMs!);
});

test("the pane and the functions share one runtime: signing in through the pane answers the cell", async () => {
  const { page } = session.current;
  await signInWithSandbox(page);
  const run = await session.current.sim((api) => api.clickRibbon("Refresh workbook"));
  expect(run).toMatchObject({ completed: true });
  await session.current.sim((api) => api.whenCalculated(20_000));
  const name = await session.current.sim((api) => api.cell("Sheet1!F1"));
  expect(name.error).toBeUndefined();
  expect(name.value).toBe((await sandboxCompany()).CompanyName);
  expect(paneChunksFetched(await session.current.loadTimeline())).toHaveLength(1);
});
