// The manifest's <Requirements> against the capabilities table (src/host/capabilities.ts):
//  - every feature the add-in uses everywhere (no `without`) has each set it needs required by the
//    manifest, at least at its version;
//  - the manifest requires nothing more than those features need (more would shut out builds the
//    add-in can serve, for a feature that could have been guarded);
//  - a guarded feature needs more than the manifest's minimum (else it is not guarded at all);
//  - a guarded feature's members appear in src/ only in files that ask the table for that feature
//    (hostHas("feature") or requireFeature("feature", …)), so no path calls them unasked.
// Used by `npm run validate` and by test/unit/build/requirement-sets.test.ts.
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");
const Module = require("node:module");

const ROOT = path.resolve(__dirname, "../..");
const TABLE_FILE = path.join(ROOT, "src/host/capabilities.ts");

/** A TypeScript module's exports, compiled with esbuild (bundled, so its own imports come along). */
function loadTs(file) {
  const esbuild = require("esbuild");
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "cjs",
    platform: "node",
    logLevel: "silent",
  });
  const loaded = new Module(file);
  loaded.filename = file;
  loaded._compile(outputFiles[0].text, file);
  return loaded.exports;
}

/** The capabilities table. */
function loadCapabilities(file = TABLE_FILE) {
  return loadTs(file).CAPABILITIES;
}

// The manifest's sets are read as the simulated host's "oldest" profile reads them, and compared as it compares them.
const { manifestRequirementSets: manifestSets } = loadTs(path.join(ROOT, "tools/office-sim/office/profiles.ts"));
const { compareVersions } = loadTs(path.join(ROOT, "tools/office-sim/office/requirements.ts"));

/** Every .ts/.tsx file under src/, as { file (relative), text without comments }. */
function sourceFiles(dir = path.join(ROOT, "src")) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name))
      files.push({
        file: path.relative(ROOT, full),
        text: readFileSync(full, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/(^|\s)\/\/.*$/gm, "$1"),
      });
  }
  return files;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Problems, in words; none when the manifest and the table agree and every guarded member is asked for. */
function checkRequirements(xml, capabilities, sources, tableFile = path.relative(ROOT, TABLE_FILE)) {
  const problems = [];
  const stated = manifestSets(xml);
  // The highest version of each set a feature needs on every Excel, and that feature.
  const everywhere = {};
  const needsWords = (needs) => needs.map((n) => `${n.set} ${n.version}`).join(" and ");
  for (const [name, capability] of Object.entries(capabilities)) {
    if (capability.without) continue;
    for (const { set, version } of capability.needs)
      if (!everywhere[set] || compareVersions(version, everywhere[set].version) > 0)
        everywhere[set] = { version, name, what: capability.what };
  }
  for (const [set, { version, name, what }] of Object.entries(everywhere)) {
    if (!stated[set] || compareVersions(stated[set], version) < 0)
      problems.push(
        `the manifest does not require ${set} ${version}, which "${name}" needs on every Excel (${what}): require it, or guard the feature in ${tableFile}`,
      );
  }
  for (const [set, version] of Object.entries(stated)) {
    if (!everywhere[set])
      problems.push(`the manifest requires ${set} ${version}, which no feature in ${tableFile} needs everywhere`);
    else if (compareVersions(version, everywhere[set].version) > 0)
      problems.push(
        `the manifest requires ${set} ${version}, but the add-in needs only ${set} ${everywhere[set].version} everywhere: it would shut out Excel builds it can serve`,
      );
  }
  for (const [name, capability] of Object.entries(capabilities)) {
    if (!capability.without) continue;
    const beyond = capability.needs.some(
      ({ set, version }) => !stated[set] || compareVersions(version, stated[set]) > 0,
    );
    if (!beyond)
      problems.push(
        `"${name}" is guarded, but the manifest already requires ${needsWords(capability.needs)}: every Excel that loads the add-in has it`,
      );
    for (const member of capability.members ?? []) {
      const used = new RegExp(`\\.${escape(member)}\\b|["'\`]${escape(member)}["'\`]`);
      const asked = new RegExp(`(hostHas|requireFeature)\\(\\s*"${escape(name)}"`);
      for (const { file, text } of sources) {
        if (file === tableFile || !used.test(text) || asked.test(text)) continue;
        problems.push(
          `${file} uses ${member} (${needsWords(capability.needs)}) without asking the capabilities table: call hostHas("${name}") or requireFeature("${name}", …) there`,
        );
      }
    }
  }
  return problems;
}

module.exports = { loadCapabilities, manifestSets, checkRequirements, sourceFiles, TABLE_FILE };
