// npm run validate [-- file.xml ...]: offline checks of manifest.xml and the built dist/manifest.xml.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { validateManifest } from "./lib/validate-manifest.cjs";
import { checkRequirements, loadCapabilities, sourceFiles } from "./lib/requirement-check.cjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["manifest.xml", "dist/manifest.xml"].filter(
      (file) => file === "manifest.xml" || existsSync(path.join(ROOT, file)),
    );

let failed = false;
const capabilities = loadCapabilities();
const sources = sourceFiles();
for (const file of files) {
  const xml = readFileSync(path.resolve(ROOT, file), "utf8");
  const result = validateManifest(xml);
  // The requirement sets it states against the capabilities table, and the table's guarded members against src/.
  const requirements = checkRequirements(xml, capabilities, sources);
  console.log(
    `${file}: ${requirements.length ? `${requirements.length} requirement-set problem(s)` : "requirement sets agree with src/host/capabilities.ts"}`,
  );
  for (const message of requirements) console.log(`  ${message}`);
  if (requirements.length) failed = true;
  const label = { valid: "schema valid", invalid: "SCHEMA ERRORS", skipped: "schema NOT CHECKED" }[
    result.schema.status
  ];
  console.log(
    `${file}: ${label}; ${result.references.length ? `${result.references.length} reference problem(s)` : "references resolve"}`,
  );
  for (const message of [...result.schema.messages, ...result.references]) console.log(`  ${message}`);
  if (!result.ok) failed = true;
}
if (!existsSync(path.join(ROOT, "dist/manifest.xml")) && !process.argv.slice(2).length) {
  console.log("dist/manifest.xml not checked: run npm run build first.");
}
process.exit(failed ? 1 : 0);
