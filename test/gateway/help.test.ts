/**
 * `npm run gateway -- --help` as an operator runs it: the configuration, every variable the
 * gateway reads with its meaning and default, and exit 0 without starting anything; and the
 * help's table kept honest against what config.ts actually reads and applies.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { configFromEnv, type GatewayConfig } from "../../gateway/config";
import { HELP_VARIABLES, helpText } from "../../gateway/help";
import { REQUIRED_ENV } from "./support";

const ROOT = path.resolve(__dirname, "../..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** The environment without any of the gateway's own variables, so nothing configured leaks in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const names = new Set(HELP_VARIABLES.map((v) => v.name));
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !names.has(k))), ...extra };
}

const runGateway = (args: string[], env = cleanEnv()) =>
  spawnSync(NPM, ["run", "--silent", "gateway", "--", ...args], { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 });

jest.setTimeout(90_000);

test("--help prints every variable with its meaning and default, and exits 0 without starting a server", () => {
  const run = runGateway(["--help"]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  expect(run.stdout).toBe(helpText());
  expect(run.stdout).toMatch(/REDIS_URL\s+Redis holding the quota and cache every replica shares/);
  expect(run.stdout).toMatch(/\n\s+default: none: the quota and cache live in this process only\n/);
  for (const variable of HELP_VARIABLES) expect(run.stdout).toContain(variable.name);
  expect(run.stdout).not.toMatch(/ZodError|invalid_type|listening/i);
});

test("an unknown argument is refused with a pointer to --help rather than starting a server", () => {
  const run = runGateway(["--port", "9999"]);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("Unknown argument --port; see npm run gateway -- --help");
});

test("keys add, run as an operator does, prints the key once and leaves a file only its owner reads", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ukgw-cli-")), "keys.json");
  const run = runGateway(["keys", "add", "Ana Lopez"], cleanEnv({ GATEWAY_KEYS_FILE: file }));
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^Gateway key for Ana Lopez \(shown once; give it to them\): ukgw_[\w-]{43}\n$/);
  if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
  const list = runGateway(["keys", "list"], cleanEnv({ GATEWAY_KEYS_FILE: file }));
  expect(list.stdout).toMatch(/^Ana Lopez\t\d{4}-\d\d-\d\dT/);
});

describe("the help's table against config.ts", () => {
  test("every environment variable the configuration reads is explained", () => {
    const read = new Set<string>();
    // With single sign-on switched on, so its variables are read too; the parse itself fails, which is fine.
    const env = new Proxy({ ENTRA_JWKS_URL: "https://login.example.org/keys" } as NodeJS.ProcessEnv, {
      get(target, name) {
        if (typeof name === "string") read.add(name);
        return Reflect.get(target, name);
      },
    });
    try {
      configFromEnv(env);
    } catch {
      // Required values are missing on purpose.
    }
    expect(read.size).toBeGreaterThan(20);
    const explained = new Set(HELP_VARIABLES.map((v) => v.name));
    expect([...read].filter((name) => !explained.has(name))).toEqual([]);
    expect([...explained].filter((name) => !read.has(name))).toEqual([]);
  });

  test("the defaults it shows are the ones the configuration applies", () => {
    const config = configFromEnv(REQUIRED_ENV);
    const applied: Record<string, (c: GatewayConfig) => unknown> = {
      GATEWAY_HOST: (c) => c.host,
      GATEWAY_PORT: (c) => c.port,
      GATEWAY_KEYS_FILE: (c) => c.keysFile,
      LIMIT_PRODUCT: (c) => c.limits.product,
      LIMIT_MATCHING: (c) => c.limits.matching,
      LIMIT_CLASSIFICATION: (c) => c.limits.classification,
      LIMIT_MARKET: (c) => c.limits.market,
      QUEUE_BOUND: (c) => c.queueBound,
      QUEUE_WAIT_SECONDS: (c) => c.queueWaitSeconds,
      DECISION_WRITES_PER_MINUTE: (c) => c.decisionWritesPerMinute,
      CACHE_TTL_SECONDS: (c) => c.cacheTtlSeconds,
      BODY_LIMIT_BYTES: (c) => c.bodyLimitBytes,
      USER_QUEUE_BOUND: (c) => c.userQueueBound,
      GATEWAY_REPLICAS: (c) => c.replicas,
      HEADERS_TIMEOUT_MS: (c) => c.headersTimeoutMs,
      REQUEST_TIMEOUT_MS: (c) => c.requestTimeoutMs,
      MEMORY_CACHE_BYTES: (c) => c.memoryCacheBytes,
      DIST_DIR: (c) => c.distDir,
    };
    const shown = Object.fromEntries(HELP_VARIABLES.map((v) => [v.name, v.fallback]));
    for (const [name, value] of Object.entries(applied))
      expect({ name, shown: shown[name] }).toEqual({ name, shown: String(value(config)) });
    expect(config.redisUrl).toBeUndefined();
    expect(config.upstreamTimeoutMs).toBeUndefined();
    expect(shown.UPSTREAM_TIMEOUT_MS).toMatch(/^none/);
    expect(config.entra).toBeUndefined();
    expect(shown.REDIS_URL).toMatch(/^none/);
    expect(shown.ENTRA_JWKS_URL).toMatch(/^none/);
  });
});
