/**
 * The servers behind an e2e session: the sandbox in-process (when sandbox/ exists) and the
 * lead's add-in server over dist/, with the simulated host in place of the Office CDN script.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DIST_DIR, ROOT } from "./paths";

export interface SandboxHandle {
  origin: string;
  urls: Record<string, string>;
  credentials: Record<string, string>;
  close(): Promise<void>;
}

export interface AddinServer {
  origin: string;
  close(): Promise<void>;
}

const SANDBOX_MODULES = ["sandbox/sandbox.ts", "sandbox/index.ts"];

/** Starts the sandbox in this process; undefined while sandbox/ has no startSandbox yet. */
export async function startSandboxIfAvailable(
  options: Record<string, unknown> = {},
): Promise<SandboxHandle | undefined> {
  const file = SANDBOX_MODULES.map((f) => path.join(ROOT, f)).find((f) => existsSync(f));
  if (!file) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { startSandbox?: (o: Record<string, unknown>) => Promise<SandboxHandle> };
  if (typeof mod.startSandbox !== "function") return undefined;
  return mod.startSandbox({ port: 0, ...options });
}

interface ServeModule {
  OFFICE_SIM_SCRIPT_PATH: string;
  startAddinServer(o: {
    root: string;
    port: number;
    sandboxOrigin?: string;
    sandboxCredentials?: Record<string, string>;
    configJson?: () => Record<string, unknown>;
    officeJsFile: string;
  }): Promise<AddinServer>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const serveModule = () => require(path.join(ROOT, "scripts/lib/serve.cjs")) as ServeModule;

/** The path the simulated host is served at, in place of the Office CDN's office.js. */
export const officeSimScriptPath = (): string => serveModule().OFFICE_SIM_SCRIPT_PATH;

export async function startAddinServerFor(
  officeJsFile: string,
  sandbox?: SandboxHandle,
  options: { port?: number; configJson?: () => Record<string, unknown>; root?: string } = {},
): Promise<AddinServer> {
  return serveModule().startAddinServer({
    root: options.root ?? DIST_DIR,
    port: options.port ?? 0,
    officeJsFile,
    ...(options.configJson ? { configJson: options.configJson } : {}),
    ...(sandbox ? { sandboxOrigin: sandbox.origin, sandboxCredentials: sandbox.credentials } : {}),
  });
}

export async function buildSimulatedHost(): Promise<{ file: string; built: boolean; bytes: number; ms: number }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildOfficeSim } = require(path.join(ROOT, "scripts/lib/build-office-sim.cjs")) as {
    buildOfficeSim(): Promise<{ file: string; built: boolean; bytes: number; ms: number }>;
  };
  return buildOfficeSim();
}
