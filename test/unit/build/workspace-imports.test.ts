/**
 * Each program is an npm workspace whose package.json lists what its own code imports: the team
 * gateway, the sandbox and the simulated Office host. A package its files import but its
 * package.json does not name fails here, as does a listed runtime dependency nothing imports
 * (tooling, listed as devDependencies, may be only run). Node's own modules need no listing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const root = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };

/** Source files of a workspace, its tests and built output aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (["node_modules", "dist", "test"].includes(name)) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx|cjs|mjs|js)$/.test(name) ? [file] : [];
  });
}

/** The packages a file imports by name (`zod/mini` is `zod`; `@scope/name/x` is `@scope/name`). */
function packagesImported(file: string): string[] {
  // Comments aside: a usage example in a comment is not an import.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'\\])\/\/.*$/gm, "$1");
  const specifiers = [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^"'\n]*?from\s+["']([^"']+)["']|require\(["']([^"']+)["']\)|import\(["']([^"']+)["']\)/g,
    ),
  ]
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((s) => !s.startsWith(".") && !s.startsWith("node:") && !builtinModules.includes(s));
  return specifiers.map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

test("the workspaces are the gateway, the sandbox and the simulated Office host", () => {
  expect(root.workspaces).toEqual(["gateway", "sandbox", "tools/office-sim"]);
});

test.each(root.workspaces)(
  "%s: its package.json names every package its code imports, and imports what it depends on",
  (workspace) => {
    const dir = path.join(ROOT, workspace);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const imported = new Set(sources(dir).flatMap(packagesImported));
    const listed = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    expect([...imported].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect(
      Object.keys(manifest.dependencies ?? {})
        .filter((name) => !imported.has(name))
        .sort(),
    ).toEqual([]);
  },
);
