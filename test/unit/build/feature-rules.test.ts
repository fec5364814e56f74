/**
 * The pane's features are folders (src/features/<feature>/): `npm run lint` knows a feature's
 * host.ts as host code, keeps features side by side and lets only the table of views load a view
 * module. Run over a small pane laid out so (test/fixtures/feature-rules), the lint's own rules
 * find exactly its breaches, one of each kind, and none of the imports allowed beside them.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const FIXTURE = path.join(ROOT, "test/fixtures/feature-rules");

test("the lint fails on each breach of the features' rules, and on nothing else", () => {
  const cli = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const config = path.join(ROOT, ".dependency-cruiser.cjs");
  const run = spawnSync(process.execPath, [cli, "--config", config, "src"], { cwd: FIXTURE, encoding: "utf8" });
  const found = [...run.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →/gm)].map(([, rule, from]) => `${rule}: ${from}`);
  expect(found.sort()).toEqual(
    [
      "features-side-by-side: src/features/alpha/view.tsx",
      "host-below-the-surfaces: src/features/alpha/host.ts",
      "a-feature-host-serves-its-own-feature: src/host/office.ts",
      "only-the-table-loads-a-view: src/taskpane/shell.ts",
    ].sort(),
  );
  expect(run.status).toBe(found.length);
});
