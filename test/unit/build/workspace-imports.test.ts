/**
 * Each program is an npm workspace whose package.json lists what its own code imports: the add-in
 * (`src`), its host-agnostic core and API layer (`src/core`, `src/api`), the team gateway, the
 * sandbox and the simulated Office host. A package its files import but its package.json does not
 * name fails here, as does a listed runtime dependency nothing imports (tooling, listed as
 * devDependencies, may be only run), and a relative import that leaves its workspace: another
 * workspace is imported by its name. Node's own modules need no listing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const root = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };

const workspaceDirs = root.workspaces.map((workspace) => path.join(ROOT, workspace));

/** Source files of a workspace, its tests, built output and the workspaces inside it aside. */
function sources(dir: string, top = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (["node_modules", "dist", "test"].includes(name)) return [];
    if (file !== top && workspaceDirs.includes(file)) return [];
    if (statSync(file).isDirectory()) return sources(file, top);
    return /\.(ts|tsx|cjs|mjs|js)$/.test(name) ? [file] : [];
  });
}

/** What a file imports, as written. */
function specifiers(file: string): string[] {
  // Comments aside: a usage example in a comment is not an import.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'\\])\/\/.*$/gm, "$1");
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^"'\n]*?from\s+["']([^"']+)["']|require\(["']([^"']+)["']\)|import\(["']([^"']+)["']\)/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The packages a file imports by name (`zod/mini` is `zod`; `@scope/name/x` is `@scope/name`). */
function packagesImported(file: string): string[] {
  return specifiers(file)
    .filter((s) => !s.startsWith(".") && !s.startsWith("node:") && !builtinModules.includes(s))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

/** A file's relative imports that land outside `dir`, or in a workspace inside it. */
function importsLeaving(file: string, dir: string): string[] {
  return specifiers(file)
    .filter((s) => s.startsWith("."))
    .filter((s) => {
      const target = path.resolve(path.dirname(file), s);
      const inside = (d: string) => target === d || target.startsWith(d + path.sep);
      return !inside(dir) || workspaceDirs.some((d) => d !== dir && d.startsWith(dir + path.sep) && inside(d));
    })
    .map((s) => `${path.relative(ROOT, file)}: ${s}`);
}

test("every program is a workspace: the add-in, its core and API layer, the gateway, the sandbox and the simulated host", () => {
  expect(root.workspaces).toEqual(["src", "src/api", "src/core", "gateway", "sandbox", "tools/office-sim"]);
});

test.each(root.workspaces)(
  "%s: its relative imports stay inside it; another workspace is imported by name",
  (workspace) => {
    const dir = path.join(ROOT, workspace);
    expect(sources(dir).flatMap((file) => importsLeaving(file, dir))).toEqual([]);
  },
);

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
