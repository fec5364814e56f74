/**
 * When the page had every function of functions.json associated, and which script files it had
 * fetched by then: for the tests and the benchmark of the page's load order.
 */
import { type Page } from "playwright-core";
import { officeSimScriptPath } from "./servers";

export interface LoadedScript {
  /** The path on the add-in's origin, e.g. /shared.js. */
  path: string;
  bytes: number;
  /** ms from navigation start (the page's performance.now()). */
  requestedMs: number;
  loadedMs: number;
}

export interface LoadTimeline {
  /** ms from navigation start until the simulated Excel had every function associated; undefined until then. */
  registeredMs?: number;
  /** The add-in's scripts in the order requested; the simulated host standing in for office.js is left out. */
  scripts: LoadedScript[];
  /** The page's deferred scripts run between these two (ms from navigation start). */
  domInteractiveMs: number;
  domContentLoadedMs: number;
}

interface StampWindow {
  __officeSim?: { excel: { registry: { allRegistered: boolean; changed: { on(listener: () => void): unknown } } } };
  __ukcoRegisteredMs?: number;
}

/**
 * An init script (Playwright's addInitScript). It runs before the page's scripts, so its
 * DOMContentLoaded listener comes before the simulated host's, which then reads functions.json and
 * tells the registry (the last step of registration, whatever the order of the associate calls).
 * The host polls for tests; this stamps the moment itself. Init scripts name no inner function:
 * under tsx, esbuild's keepNames would wrap it in a __name helper the page does not have.
 */
export function stampRegistration(): void {
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      const w = window as unknown as StampWindow;
      const registry = w.__officeSim?.excel.registry;
      registry?.changed.on(() => {
        if (w.__ukcoRegisteredMs === undefined && registry.allRegistered) w.__ukcoRegisteredMs = performance.now();
      });
    },
    { once: true },
  );
}

export async function readLoadTimeline(page: Page): Promise<LoadTimeline> {
  return page.evaluate((hostScript) => {
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === "script")
      .map((entry) => ({ entry, url: new URL(entry.name) }))
      .filter(({ url }) => url.origin === location.origin && url.pathname !== hostScript)
      .map(({ entry, url }) => ({
        path: url.pathname,
        bytes: entry.decodedBodySize,
        requestedMs: entry.startTime,
        loadedMs: entry.responseEnd,
      }));
    const registeredMs = (window as unknown as { __ukcoRegisteredMs?: number }).__ukcoRegisteredMs;
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      ...(registeredMs === undefined ? {} : { registeredMs }),
      scripts,
      domInteractiveMs: navigation?.domInteractive ?? NaN,
      domContentLoadedMs: navigation?.domContentLoadedEventStart ?? NaN,
    };
  }, officeSimScriptPath());
}

/** The scripts fully loaded before the functions registered: all the page could evaluate before then. */
export function scriptsBeforeRegistration(timeline: LoadTimeline): LoadedScript[] {
  const registered = timeline.registeredMs;
  if (registered === undefined) throw new Error("The functions never registered: no load timeline to read.");
  return timeline.scripts.filter((script) => script.loadedMs <= registered);
}
