// npm test: every check a change must pass, in the order that fails fastest.
// system packages → typecheck → lint → production build (webpack; functions.json from JSDoc) → manifests → jest (unit,
// integration against the sandbox, end-to-end in headless Chromium against the built pages).
//   npm test -- <jest args>      e.g. npm test -- --selectProjects unit
//   UKCO_TEST_SKIP=typecheck,lint,build npm test   to skip steps while iterating
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (pkg, file) => path.join(ROOT, "node_modules", pkg, file);
const skip = new Set((process.env.UKCO_TEST_SKIP ?? "").split(",").filter(Boolean));
// The production manifest is built for this URL and validated with the development one.
const TEST_DEPLOYMENT_URL = "https://addin.example.org/ukco/";

const steps = [
  ["system", [path.join(ROOT, "scripts/ensure-system-deps.mjs")]],
  ["typecheck", [bin("typescript", "bin/tsc"), "-p", "tsconfig.json", "--noEmit"]],
  ["typecheck", [bin("typescript", "bin/tsc"), "-p", "tsconfig.core.json", "--noEmit"]],
  ["typecheck", [bin("typescript", "bin/tsc"), "-p", "tools/office-sim/tsconfig.json", "--noEmit"]],
  ["typecheck", [bin("typescript", "bin/tsc"), "-p", "sandbox/tsconfig.json", "--noEmit"]],
  ["typecheck", [bin("typescript", "bin/tsc"), "-p", "gateway/tsconfig.json", "--noEmit"]],
  ["lint", [bin("eslint", "bin/eslint.js"), "."]],
  ["lint", [bin("dependency-cruiser", "bin/dependency-cruise.mjs"), "src", "gateway", "sandbox", "tools"]],
  ["format", [bin("prettier", "bin/prettier.cjs"), "--check", "--log-level", "warn", "."]],
  ["build", [bin("webpack-cli", "bin/cli.js"), "--mode", "production", "--env", `url=${TEST_DEPLOYMENT_URL}`]],
  ["validate", [path.join(ROOT, "scripts/validate-manifest.mjs")]],
  ["jest", [bin("jest", "bin/jest.js"), "--maxWorkers=2", ...process.argv.slice(2)]],
];

for (const [name, args] of steps) {
  if (skip.has(name)) {
    console.log(`\n▶ ${name}: skipped (UKCO_TEST_SKIP)`);
    continue;
  }
  console.log(`\n▶ ${name}: ${path.relative(ROOT, args[0])} ${args.slice(1).join(" ")}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, UKCO_TEST_DEPLOYMENT_URL: TEST_DEPLOYMENT_URL },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
