// Bundles the simulated Office host (tools/office-sim/browser/boot.ts) into one IIFE script with
// esbuild, served in place of the Office CDN's office.js by the e2e harness and the workbench.
// Rebuilt only when a source file is newer than the bundle; written atomically, since parallel
// Jest workers may build at the same moment.
const { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "../..");
const SIM_DIR = path.join(ROOT, "tools/office-sim");
const ENTRY = path.join(SIM_DIR, "browser/boot.ts");
// In node_modules/.cache: ignored by git and eslint, and rebuilt on demand.
const OUT_FILE = path.join(ROOT, "node_modules/.cache/office-sim/office-sim.js");

function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(full));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** @returns {Promise<{ file: string, built: boolean, bytes: number, ms: number }>} */
async function buildOfficeSim({ force = false } = {}) {
  const started = Date.now();
  const newest = Math.max(newestSourceMs(SIM_DIR), statSync(__filename).mtimeMs);
  if (!force && existsSync(OUT_FILE) && statSync(OUT_FILE).mtimeMs >= newest) {
    return { file: OUT_FILE, built: false, bytes: statSync(OUT_FILE).size, ms: Date.now() - started };
  }
  const esbuild = require("esbuild");
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
    // Whitespace and syntax only: names stay readable in stack traces from the page.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    logLevel: "silent",
    banner: { js: "/* office-sim: a simulated Office host for tests and the workbench; never for production. */" },
  });
  mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  const temp = `${OUT_FILE}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, OUT_FILE);
  return { file: OUT_FILE, built: true, bytes: statSync(OUT_FILE).size, ms: Date.now() - started };
}

module.exports = { buildOfficeSim, OFFICE_SIM_BUNDLE: OUT_FILE };
