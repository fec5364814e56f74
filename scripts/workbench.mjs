// npm run workbench: try the add-in without Excel. Builds dist/ if it is missing, starts the
// sandbox, serves dist/ with the simulated Office host in place of the Office CDN script, and
// opens the page in a visible Chromium: a simulated Excel window (ribbon, grid, formula bar,
// sheet tabs) with the add-in's task pane beside it. Runs until Ctrl+C.
//   npm run workbench -- --port 3100 --no-sandbox --no-browser --rebuild
//   Anything after --sandbox-args goes to the sandbox (e.g. --seed 7 --companies 100000).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = path.join(ROOT, "dist");
const { buildOfficeSim } = require("./lib/build-office-sim.cjs");
const { startSandboxProcess } = require("./lib/sandbox-process.cjs");
const { startAddinServer } = require("./lib/serve.cjs");

const split = process.argv.indexOf("--sandbox-args");
const { values: opts } = parseArgs({
  args: split === -1 ? process.argv.slice(2) : process.argv.slice(2, split),
  options: {
    port: { type: "string", default: "3100" },
    "no-sandbox": { type: "boolean", default: false },
    "no-browser": { type: "boolean", default: false },
    rebuild: { type: "boolean", default: false },
  },
});
const sandboxArgs = split === -1 ? [] : process.argv.slice(split + 1);
const CHROMIUM = process.env.UKCO_CHROMIUM_PATH ?? "/usr/bin/chromium";
const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function buildAddin() {
  console.log("Building the add-in (webpack, development mode) …");
  const webpack = path.join(ROOT, "node_modules/webpack-cli/bin/cli.js");
  const result = spawnSync(process.execPath, [webpack, "--mode", "development"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed; fix the errors above and run npm run workbench again");
}

async function serve(officeJsFile, sandbox) {
  const sandboxOrigin = sandbox?.origin;
  const sandboxCredentials = sandbox?.info.credentials;
  try {
    return await startAddinServer({
      root: DIST,
      port: Number(opts.port),
      sandboxOrigin,
      sandboxCredentials,
      officeJsFile,
    });
  } catch (error) {
    if (error.code !== "EADDRINUSE") throw error;
    console.log(`Port ${opts.port} is in use; serving on a free port instead.`);
    return startAddinServer({ root: DIST, port: 0, sandboxOrigin, sandboxCredentials, officeJsFile });
  }
}

/** Why a visible browser cannot be opened here, or undefined when it can. */
function noBrowserReason() {
  if (opts["no-browser"]) return "--no-browser was given";
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return "there is no display (DISPLAY is not set)";
  if (!existsSync(CHROMIUM)) return `Chromium is not at ${CHROMIUM} (set UKCO_CHROMIUM_PATH)`;
  return undefined;
}

async function openBrowser(url) {
  const { chromium } = require("playwright-core");
  const profile = await mkdtemp(path.join(os.tmpdir(), "ukco-workbench-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    viewport: null,
    args: [...BROWSER_ARGS, "--start-maximized"],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  context.on("close", () =>
    console.log(
      "The browser window was closed; the server keeps running until Ctrl+C (open the URL above in any browser).",
    ),
  );
  return async () => {
    await context.close().catch(() => undefined);
    await rm(profile, { recursive: true, force: true });
  };
}

async function main() {
  if (opts.rebuild || !existsSync(path.join(DIST, "taskpane.html"))) buildAddin();
  const sim = await buildOfficeSim();
  console.log(
    `Simulated Office host: ${path.relative(ROOT, sim.file)} (${Math.round(sim.bytes / 1024)} KB${sim.built ? `, built in ${sim.ms} ms` : ", up to date"})`,
  );
  const sandbox = opts["no-sandbox"] ? undefined : await startSandboxProcess({ port: 0, args: sandboxArgs });
  if (sandbox) {
    const c = sandbox.info.credentials;
    console.log(
      `Sandbox at ${sandbox.origin}. Credentials — product token: ${c.productToken} · matching key: ${c.matchingKey} · classification: ${c.classificationUsername} / ${c.classificationPassword} · market key: ${c.marketKey}`,
    );
  } else if (!opts["no-sandbox"]) {
    console.log("The sandbox is not part of this build yet (sandbox/main.ts is missing); the services answer 503.");
  }
  const server = await serve(sim.file, sandbox);
  const url = `${server.origin}/taskpane.html`;
  console.log(`\nThe add-in on the simulated Excel: ${url}`);
  console.log(
    'Type into the formula bar (e.g. =UKCO.MATCH("Tesco PLC")) and press Enter; the ribbon buttons run the add-in\'s commands.',
  );
  const reason = noBrowserReason();
  const closeBrowser = reason ? undefined : await openBrowser(url);
  if (reason)
    console.log(
      `Not opening a browser: ${reason}. Open the URL above in any browser: the server itself puts the simulated host in the page.`,
    );
  console.log("Press Ctrl+C to stop.");

  const stop = async () => {
    console.log("\nStopping …");
    await Promise.allSettled([closeBrowser?.(), server.close(), sandbox?.stop()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(`npm run workbench failed: ${error.message}`);
  process.exit(1);
});
