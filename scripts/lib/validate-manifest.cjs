// Offline manifest checks. The XSDs in ../shared/office-schemas predate <Runtimes> (their README),
// so the schema step validates the manifest with that block removed, and our own checks cover
// what no schema checks: every resid resolves, the shared runtime and the UKCO namespace are set.
const { spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "../..");

function schemaDirectory() {
  return process.env.UKCO_SHARED_DIR
    ? path.join(process.env.UKCO_SHARED_DIR, "office-schemas")
    : path.resolve(ROOT, "../shared/office-schemas");
}

/** Drops <Runtimes>…</Runtimes> (on their own lines, as the schema README requires). */
function withoutRuntimes(xml) {
  return xml.replace(/^[ \t]*<Runtimes>[\s\S]*?<\/Runtimes>[ \t]*\r?\n/m, "");
}

/** Runs xmllint against the schemas; returns {status: "valid"|"invalid"|"skipped", messages}. */
function checkSchema(xml) {
  const dir = schemaDirectory();
  const schema = path.join(dir, "OfficeAppManifestV1_1.xsd");
  if (!existsSync(schema)) {
    return {
      status: "skipped",
      messages: [`SCHEMA CHECK SKIPPED: ${dir} is missing (../shared is absent in this clone). CI always has it.`],
    };
  }
  const result = spawnSync("xmllint", ["--noout", "--schema", schema, "-"], {
    input: withoutRuntimes(xml),
    encoding: "utf8",
  });
  if (result.error) throw new Error(`xmllint could not run (${result.error.message}); install libxml2-utils.`);
  if (result.status === 5) throw new Error(`The schemas in ${dir} did not load:\n${result.stderr}`);
  const messages = result.stderr.split("\n").filter((line) => line && !/validates$/.test(line));
  return { status: result.status === 0 ? "valid" : "invalid", messages };
}

/** Checks no schema can: resids resolve, the runtime is shared and long-lived, the namespace is UKCO. */
function checkReferences(xml) {
  const problems = [];
  const resources = xml.match(/<Resources>[\s\S]*<\/Resources>/)?.[0] ?? "";
  const ids = new Set([...resources.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
  for (const [, resid] of xml.matchAll(/\bresid="([^"]+)"/g)) {
    if (!ids.has(resid)) problems.push(`resid "${resid}" has no matching id under <Resources>`);
  }
  const runtime = xml.match(/<Runtime\b[^>]*>/)?.[0];
  if (!runtime) problems.push("no <Runtime>: the functions, pane and commands must share one runtime");
  else if (!/lifetime="long"/.test(runtime)) problems.push('the <Runtime> must have lifetime="long" (shared runtime)');
  const namespaceResid = xml.match(/<Namespace resid="([^"]+)"/)?.[1];
  const namespace =
    namespaceResid &&
    resources.match(new RegExp(`id="${namespaceResid.replace(/\./g, "\\.")}" DefaultValue="([^"]*)"`))?.[1];
  if (namespace !== "UKCO") problems.push(`the custom functions namespace must be UKCO (found ${namespace ?? "none"})`);
  for (const size of [16, 32, 80]) {
    if (!new RegExp(`<bt:Image id="[^"]*" DefaultValue="[^"]*icon-${size}\\.png"`).test(resources))
      problems.push(`no ${size} px icon resource`);
  }
  return problems;
}

function validateManifest(xml) {
  const schema = checkSchema(xml);
  const references = checkReferences(xml);
  return { ok: schema.status !== "invalid" && references.length === 0, schema, references };
}

module.exports = { schemaDirectory, withoutRuntimes, checkSchema, checkReferences, validateManifest };
