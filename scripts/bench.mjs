// npm run bench: runs every benchmark under bench/ (each prints its own figures) in one process
// after another, so their numbers do not compete for the two cores.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);
const files = readdirSync(path.join(ROOT, "bench"))
  .filter((file) => /\.ts$/.test(file))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

if (files.length === 0) console.log("No benchmarks yet.");
let failed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join("bench", file)],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
