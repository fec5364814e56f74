/**
 * The gateway's image, checked where Docker cannot build it: the Dockerfile's stages (a build
 * stage with the dev tools, a runtime stage with the gateway package's production dependencies
 * only, compiled JavaScript run by plain node as a user other than root, a healthcheck), the
 * compiled entry point it names really starting (`--help`), the gateway package's dependency list
 * against what the gateway imports, what the build context leaves out, and compose publishing on
 * loopback only.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(__dirname, "../..");
const GATEWAY = path.join(ROOT, "gateway");

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  base: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** The Dockerfile as instructions (continuations joined, comments dropped), grouped by stage. */
function stagesOf(dockerfile: string): Stage[] {
  const logical = dockerfile
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, base = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ base, name, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const stages = stagesOf(readFileSync(path.join(GATEWAY, "Dockerfile"), "utf8"));
const runtime = stages.at(-1)!;
const build = stages.find((stage) => stage.name === "build");
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const runs = (stage: Stage) => all(stage, "RUN").map((i) => i.args);

describe("the Dockerfile", () => {
  test("has a build stage with the dev tools and a separate runtime stage, the last one", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    expect(runtime).not.toBe(build);
    expect(runtime.name).toBe("runtime");
    // The runtime starts again from a base image, not from the stage that holds the dev tools.
    expect(stages.map((s) => s.name)).not.toContain(runtime.base);
    expect(runs(build!).join("\n")).toMatch(/npm ci(?![^\n]*--omit=dev)/);
    expect(runs(build!).join("\n")).toContain("tsc -p gateway/tsconfig.build.json");
    expect(runs(build!).join("\n")).toMatch(/webpack --mode production/);
  });

  test("the runtime installs the gateway package's production dependencies only", () => {
    const installs = runs(runtime).filter((run) => /\bnpm (ci|install)\b/.test(run));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci\b/);
    expect(installs[0]).toContain("--omit=dev");
    expect(installs[0]).toMatch(/--workspace[= ]gateway\b/);
    expect(
      all(runtime, "ENV")
        .map((i) => i.args)
        .join(" "),
    ).toMatch(/\bNODE_ENV=production\b/);
  });

  test("the runtime takes only built output from the build stage: no node_modules, no sources", () => {
    const copies = all(runtime, "COPY").map((i) => i.args);
    for (const copy of copies) expect(copy).not.toMatch(/node_modules|^\.\s/);
    const fromBuild = copies.filter((copy) => copy.startsWith("--from="));
    expect(fromBuild.map((copy) => copy.split(/\s+/)[1])).toEqual(["/app/gateway/dist", "/app/dist"]);
    const fromContext = copies.filter((copy) => !copy.startsWith("--from="));
    for (const copy of fromContext) expect(copy).toMatch(/^(package\.json package-lock\.json|gateway\/package\.json) /);
  });

  test("runs as a user other than root, with a healthcheck on /healthz", () => {
    const users = all(runtime, "USER").map((i) => i.args.split(":")[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    const order = runtime.instructions.map((i) => i.keyword);
    expect(order.lastIndexOf("USER")).toBeLessThan(order.indexOf("CMD"));
    const [healthcheck] = all(runtime, "HEALTHCHECK");
    expect(healthcheck?.args).toMatch(/^--interval=\S+.*\bCMD\b/);
    expect(healthcheck?.args).toContain("/healthz");
  });

  test("starts compiled JavaScript with node, never tsx", () => {
    const [cmd] = all(runtime, "CMD");
    const argv = JSON.parse(cmd!.args) as string[];
    expect(argv).toEqual(["node", "gateway/dist/main.js"]);
    expect(runtime.instructions.map((i) => i.args).join("\n")).not.toMatch(/\btsx\b/);
  });
});

describe("the compiled gateway the image runs", () => {
  jest.setTimeout(180_000);
  let out: string;
  beforeAll(() => {
    // Under the repository, so the compiled files resolve node_modules as they do in the image.
    const cache = path.join(ROOT, "node_modules", ".cache");
    mkdirSync(cache, { recursive: true });
    out = mkdtempSync(path.join(cache, "gateway-build-"));
  });
  afterAll(() => out && rmSync(out, { recursive: true, force: true }));

  test("tsconfig.build.json compiles gateway/ to gateway/dist, and its main.js answers --help with exit 0", () => {
    const config = ts.readConfigFile(path.join(GATEWAY, "tsconfig.build.json"), ts.sys.readFile).config as {
      compilerOptions: { outDir: string };
    };
    expect(path.join("gateway", config.compilerOptions.outDir, "main.js")).toBe(
      path.join("gateway", "dist", "main.js"),
    );
    const tsc = spawnSync(
      process.execPath,
      [require.resolve("typescript/bin/tsc"), "-p", "gateway/tsconfig.build.json", "--outDir", out],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(readdirSync(out)).toEqual(expect.arrayContaining(["main.js", "server.js", "keys.js", "help.js"]));
    const help = spawnSync(process.execPath, [path.join(out, "main.js"), "--help"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { PATH: process.env.PATH },
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("REDIS_URL");
    // The server's modules load as CommonJS too (an ESM-only dependency would fail here, not in production).
    const load = spawnSync(process.execPath, ["-e", `require(${JSON.stringify(path.join(out, "server.js"))})`], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect({ status: load.status, stderr: load.stderr }).toEqual({ status: 0, stderr: "" });
  });
});

describe("the gateway package", () => {
  const pkg = JSON.parse(readFileSync(path.join(GATEWAY, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    scripts?: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };

  /** The packages the gateway's own sources import (not node's built-ins, not relative files). */
  const imported = new Set(
    (readdirSync(GATEWAY, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts") && !file.startsWith("dist"))
      .flatMap((file) => [...readFileSync(path.join(GATEWAY, file), "utf8").matchAll(/from "([^"]+)"/g)])
      .map((match) => match[1]!)
      .filter((name) => !name.startsWith(".") && !name.startsWith("node:"))
      .map((name) => (name.startsWith("@") ? name.split("/").slice(0, 2).join("/") : name.split("/")[0]!)),
  );

  test("lists exactly what the gateway imports, each a caret range the lockfile's version satisfies", () => {
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual([...imported].sort());
    for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
      const locked = lock.packages[`node_modules/${name}`]?.version ?? "";
      const [, major] = /^\^(\d+)\./.exec(range) ?? [];
      expect({ name, major: locked.split(".")[0] }).toEqual({ name, major });
    }
  });

  test("carries no dev tool: no tsx, TypeScript, webpack, jest, eslint or playwright", () => {
    const everything = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(
      everything.filter((name) =>
        /^(tsx|typescript|webpack.*|jest|ts-jest|eslint.*|playwright.*|prettier)$/.test(name),
      ),
    ).toEqual([]);
    expect(pkg.scripts?.start).toBe("node dist/main.js");
  });

  test("is a workspace of the root, whose own dependencies hold no server library (only what the add-in imports too)", () => {
    const root = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      workspaces?: string[];
      dependencies?: Record<string, string>;
    };
    expect(root.workspaces).toContain("gateway");
    const sharedWithTheAddin = ["zod"];
    expect(
      Object.keys(root.dependencies ?? {}).filter((name) => imported.has(name) && !sharedWithTheAddin.includes(name)),
    ).toEqual([]);
  });
});

test(".dockerignore keeps installed and built output, history, test output, secrets and keys files out of the context", () => {
  const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  expect(ignored).toEqual(
    expect.arrayContaining([
      "**/node_modules",
      ".git",
      "**/dist",
      "coverage",
      "test-results",
      "**/secrets*.json",
      "**/gateway-keys*.json",
      "**/.env",
      "**/*.pem",
    ]),
  );
});

describe("compose", () => {
  const compose = parseYaml(readFileSync(path.join(GATEWAY, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<
      string,
      { ports?: string[]; build?: { dockerfile?: string; target?: string }; command?: string[]; image?: string }
    >;
  };

  test("publishes every port on 127.0.0.1 only", () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => ({ name, port: String(port) })),
    );
    expect(published.map((p) => p.name).sort()).toEqual(["gateway-1", "gateway-2"]);
    for (const { name, port } of published)
      expect({ name, port }).toEqual({ name, port: expect.stringMatching(/^127\.0\.0\.1:\d+:8080$/) });
  });

  test("runs the gateways from the Dockerfile's runtime stage, as the image's own command", () => {
    const names = new Set(stages.map((s) => s.name));
    for (const name of ["gateway-1", "gateway-2"]) {
      const service = compose.services[name]!;
      expect(service.build).toMatchObject({ dockerfile: "gateway/Dockerfile", target: "runtime" });
      expect(service.command).toBeUndefined();
    }
    for (const service of Object.values(compose.services))
      if (service.build?.target) expect(names.has(service.build.target)).toBe(true);
  });
});
