/**
 * `npm run lint` enforces the layering of docs/ARCHITECTURE.md with dependency-cruiser
 * (.dependency-cruiser.cjs). Run over a small tree laid out like the add-in
 * (test/fixtures/dependency-rules), the lint's own rules find exactly its breaches, one of each
 * kind, and none of the imports the layering allows beside them.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const FIXTURE = path.join(ROOT, "test/fixtures/dependency-rules");

/** The lint's run as `npm run lint` makes it, over the fixture: its exit status and each breach as `rule: from`. */
function lint(): { status: number | null; found: string[] } {
  const cli = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const config = path.join(ROOT, ".dependency-cruiser.cjs");
  const run = spawnSync(process.execPath, [cli, "--config", config, "src", "sandbox", "tools"], {
    cwd: FIXTURE,
    encoding: "utf8",
  });
  const found = [...run.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →/gm)].map(([, rule, from]) => `${rule}: ${from}`);
  return { status: run.status, found: found.sort() };
}

test("the lint fails on an import circle and on each layering breach, and on nothing else", () => {
  const { status, found } = lint();
  expect(found).toEqual(
    [
      // Type imports count: a circle of types is still a circle.
      "no-circular: src/core/circle-a.ts",
      "api-never-upward: src/api/client.ts",
      "core-never-upward: src/core/upward.ts",
      "engine-knows-no-formulas: src/core/engine.ts",
      "api-values-through-core: src/host/values.ts",
      "surfaces-side-by-side: src/taskpane/view.ts",
      "add-in-is-one-program: src/core/sandboxed.ts",
      // The simulated Excel's proxies may refer to each other (excel/worksheet.ts and range.ts do
      // here), but a circle through anything else is found from both ends.
      "no-circular: tools/office-sim/model/book.ts",
      "no-circular-outside-office-sim-proxies: tools/office-sim/excel/chart.ts",
    ].sort(),
  );
  // The lint's exit status counts the errors, so `npm run lint` (and `npm test`) fails on them.
  expect(status).toBe(found.length);
});
