/** Where the e2e harness finds the built add-in, the browser, and where it writes results. */
import { existsSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");
export const DIST_DIR = path.join(ROOT, "dist");
export const RESULTS_DIR = path.join(ROOT, "test-results");
export const SCREENSHOT_DIR = path.join(RESULTS_DIR, "screenshots");
export const CHROMIUM_PATH = process.env.UKCO_CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Fails with a message that says what to do when the add-in has not been built. */
export function assertDistBuilt(page = "taskpane.html", dir = DIST_DIR): void {
  const missing = [page, "functions.json", "manifest.xml"].filter((file) => !existsSync(path.join(dir, file)));
  if (missing.length) {
    throw new Error(
      `dist/ is missing ${missing.join(", ")}: build the add-in first with \`npx webpack --mode production\` ` +
        "(npm test builds it before running Jest; npm run build:dev for a development build).",
    );
  }
}
