/**
 * One end-to-end session: the sandbox (when present), the add-in server over dist/ with the
 * simulated Office host in place of office.js, and a headless Chromium on the add-in's page,
 * ready once Office.onReady has fired and every function in functions.json is associated.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, type Page } from "playwright-core";
import { type OfficeSimTestApi } from "../../../tools/office-sim/browser/test-api";
import { runAxe, type AxeOptions, type AxeViolation } from "./axe";
import { launchChromium, type LaunchedBrowser } from "./browser";
import { readLoadTimeline, stampRegistration, type LoadTimeline } from "./load-timeline";
import { assertDistBuilt, DIST_DIR, SCREENSHOT_DIR } from "./paths";
import {
  buildSimulatedHost,
  startAddinServerFor,
  startSandboxIfAvailable,
  type AddinServer,
  type SandboxHandle,
} from "./servers";
import { followPaneVisibility } from "./web-view";

export interface AddinSessionOptions {
  /** The page under dist/ to open; default taskpane.html. */
  page?: string;
  /** The add-in server's port (0, the default, picks a free one). */
  port?: number;
  /** Served as config.json in place of the built one (asked each time the page loads it). */
  configJson?: () => Record<string, unknown>;
  /** false: no sandbox; an object: options for startSandbox. Default: a 5,000-company sandbox. */
  sandbox?: boolean | Record<string, unknown>;
  /** window.__officeSimConfig for the simulated host (pane, requirementSets, payloadLimitBytes, …). */
  simConfig?: Record<string, unknown>;
  headless?: boolean;
  viewport?: { width: number; height: number };
  /** Wait until every function in functions.json is associated (default true). */
  waitForFunctions?: boolean;
  timeoutMs?: number;
  /** A build to serve in place of dist/ (a benchmark comparing two builds). */
  distDir?: string;
  /** document.visibilityState follows the simulated pane, as the runtime's web view in Excel on Windows and Mac. */
  webViewFollowsPane?: boolean;
  /** Stamp the moment the functions register, for loadTimeline(). */
  recordLoadTimeline?: boolean;
}

export interface AddinSession {
  page: Page;
  context: BrowserContext;
  url: string;
  sandbox?: SandboxHandle;
  /** Uncaught exceptions and unhandled rejections in the page, not yet taken by takePageErrors. */
  pageErrors: string[];
  consoleErrors: string[];
  /** From navigation to Office.onReady and function registration, in ms. */
  loadMs: number;
  /** The scripts the page fetched, and when the functions registered (with recordLoadTimeline). */
  loadTimeline(): Promise<LoadTimeline>;
  /** Runs fn in the page with window.__officeSim; fn must not use variables from the test's scope (pass them as arg). */
  sim<R, A = undefined>(fn: (api: OfficeSimTestApi, arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /** Saves the workbook, reloads the page and reopens the workbook, as closing and opening the file does. */
  reopen(): Promise<void>;
  screenshot(name: string): Promise<string>;
  axe(options?: AxeOptions): Promise<AxeViolation[]>;
  takePageErrors(): string[];
  close(): Promise<void>;
}

/**
 * The sandbox every session starts. `UKCO_SANDBOX_VARIANT=alt` (the "e2e, other reading" jest
 * project) runs the whole suite against the sandbox's other reading of the not-shown shapes.
 */
export const OTHER_READING = process.env.UKCO_SANDBOX_VARIANT === "alt";
const SANDBOX_DEFAULTS = { companies: 5_000, seed: 42, variant: OTHER_READING ? "alt" : "contract" };

async function waitUntilReady(page: Page, waitForFunctions: boolean, timeoutMs: number): Promise<void> {
  await page.waitForFunction(() => "__officeSim" in window, undefined, { timeout: timeoutMs });
  await page.evaluate(
    `Promise.race([window.__officeSim.ready, new Promise((_, reject) => setTimeout(() => reject(new Error("Office.onReady did not fire within ${timeoutMs} ms")), ${timeoutMs}))])`,
  );
  if (waitForFunctions) await page.evaluate(`window.__officeSim.whenFunctionsRegistered(${timeoutMs})`);
}

export async function openAddinSession(options: AddinSessionOptions = {}): Promise<AddinSession> {
  const { page: pageName = "taskpane.html", timeoutMs = 30_000, waitForFunctions = true } = options;
  const distDir = options.distDir ?? DIST_DIR;
  assertDistBuilt(pageName, distDir);
  const cleanups: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: Error) => console.error(`e2e harness: clean-up failed: ${error.message}`));
    cleanups.length = 0;
  };
  try {
    const sim = await buildSimulatedHost();
    const sandbox =
      options.sandbox === false
        ? undefined
        : await startSandboxIfAvailable({
            ...SANDBOX_DEFAULTS,
            ...(typeof options.sandbox === "object" ? options.sandbox : {}),
          });
    if (sandbox) cleanups.push(() => sandbox.close());
    const server: AddinServer = await startAddinServerFor(sim.file, sandbox, {
      ...(options.port ? { port: options.port } : {}),
      ...(options.configJson ? { configJson: options.configJson } : {}),
      root: distDir,
    });
    cleanups.push(() => server.close());
    const browser: LaunchedBrowser = await launchChromium({
      headless: options.headless ?? true,
      ...(options.viewport ? { viewport: options.viewport } : {}),
    });
    cleanups.push(() => browser.close());
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(timeoutMs);
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(`${error.message}\n${error.stack ?? ""}`));
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    if (options.simConfig)
      await page.addInitScript((config) => Object.assign(window, { __officeSimConfig: config }), options.simConfig);
    if (options.webViewFollowsPane) await page.addInitScript(followPaneVisibility);
    if (options.recordLoadTimeline) await page.addInitScript(stampRegistration);
    const url = `${server.origin}/${pageName}`;
    const started = performance.now();
    await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    await waitUntilReady(page, waitForFunctions, timeoutMs);
    const loadMs = Math.round(performance.now() - started);
    return {
      page,
      context: browser.context,
      url,
      ...(sandbox ? { sandbox } : {}),
      pageErrors,
      consoleErrors,
      loadMs,
      loadTimeline: () => readLoadTimeline(page),
      sim: (fn, arg) => page.evaluate(`(${fn.toString()})(window.__officeSim, ${JSON.stringify(arg ?? null)})`),
      reopen: async () => {
        const loaded = page.waitForEvent("load", { timeout: timeoutMs });
        await page.evaluate("window.__officeSim.reopen()").catch(() => undefined);
        await loaded;
        await waitUntilReady(page, waitForFunctions, timeoutMs);
      },
      screenshot: async (name) => {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
        await page.screenshot({ path: file, fullPage: false });
        return file;
      },
      axe: (axeOptions) => runAxe(page, axeOptions),
      takePageErrors: () => pageErrors.splice(0),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
