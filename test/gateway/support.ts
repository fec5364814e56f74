/**
 * What the gateway's tests share: a real redis-server (Debian's binary) on a free loopback port,
 * started and stopped by the test; the gateway's configuration in front of a sandbox; captured log
 * lines; requests sent byte for byte as written (fetch would resolve dot segments itself); and the
 * sandbox's own request counters, so "0 upstream requests" is counted by the upstream.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, request } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { GatewayConfigInput } from "../../gateway/config";
import type { RunningSandbox } from "../../sandbox/sandbox";
import type { RequestCounts } from "../../sandbox/request-counter";
import { sandboxGatewayConfig } from "../support/sandbox-gateway-config";

export const METRICS_TOKEN = "metrics-token-for-tests-only";

/** The least environment the configuration accepts: every required variable, nothing reachable. */
export const REQUIRED_ENV = {
  UPSTREAM_PRODUCT: "http://127.0.0.1:1/api",
  UPSTREAM_MATCHING: "http://127.0.0.1:1",
  UPSTREAM_CLASSIFICATION: "http://127.0.0.1:1",
  UPSTREAM_MARKET: "http://127.0.0.1:1",
  PRODUCT_TOKEN: "p",
  MATCHING_KEY: "m",
  MARKET_KEY: "k",
  CLASSIFICATION_USERNAME: "u",
  CLASSIFICATION_PASSWORD: "w",
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until a service's rate window (`seconds`) has emptied: the one wait in these tests that is time
 * itself, since the quota's window is what they test. Everything else waits for a state.
 */
export const windowPasses = (seconds: number) => sleep(seconds * 1000);

/** Polls until `check` holds (a throw counts as not yet), or fails the test with `what` after `ms`. */
export async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** Whether a Redis server answers PING on `port` now (a raw RESP exchange, no client library). */
export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let said = "";
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d: Buffer) => {
      said += d.toString();
      if (said.includes("\r\n")) done(said.startsWith("+PONG"));
    });
  });
}

/** redis-server processes a test starts with its own arguments, all SIGKILLed by `killAll`. */
export class RedisProcesses {
  private readonly procs: ChildProcess[] = [];

  start(args: string[]): ChildProcess {
    const proc = spawn("redis-server", args, { stdio: "ignore" });
    this.procs.push(proc);
    return proc;
  }

  killAll(): void {
    for (const proc of this.procs) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  }
}

/** A redis-server of our own, without persistence: a restart loses everything, as a crash would. */
export class RedisServer {
  private proc: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await until("redis-server answering", () => redisAnswers(this.port));
  }

  /** Freezes the server (SIGSTOP): its connections stay open, and nothing it holds answers. */
  freeze(): void {
    this.proc?.kill("SIGSTOP");
  }

  thaw(): void {
    this.proc?.kill("SIGCONT");
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGKILL");
    });
  }
}

export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

export const tempFile = (name: string) => path.join(mkdtempSync(path.join(tmpdir(), "ukgw-")), name);

export function configFor(sandbox: RunningSandbox, keysFile: string, overrides: Partial<GatewayConfigInput> = {}) {
  return sandboxGatewayConfig(sandbox, keysFile, {
    limits: { product: 12, matching: 60, classification: 5, market: 60 },
    windowSeconds: 2,
    queueBound: 200,
    bodyLimitBytes: 64 * 1024,
    metricsToken: METRICS_TOKEN,
    ...overrides,
  });
}

/** `count` company numbers the sandbox holds, asked of it directly (this counts in its quota window). */
export async function companyNumbers(sandbox: RunningSandbox, count: number): Promise<string[]> {
  const answer = await fetch(`${sandbox.urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
    body: JSON.stringify({ returnCount: count }),
  });
  return ((await answer.json()) as { companies: { CompanyNumber: string }[] }).companies.map((c) => c.CompanyNumber);
}

/** What reached the sandbox so far, as the sandbox counted it. */
export async function upstreamCounts(sandbox: RunningSandbox): Promise<RequestCounts> {
  return (await (await fetch(`${sandbox.origin}/__admin/requests`)).json()) as RequestCounts;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One row of a table of hostile requests: what is sent, the status it must get, what may reach a service. */
export interface HostileRow {
  name: string;
  send: () => Promise<RawAnswer>;
  status: number;
  /** Requests the services may count (0 unless the row says otherwise). */
  upstream?: number;
  /** What else the answer must (not) show. */
  check?: (answer: RawAnswer) => void;
}

/**
 * One request sent as written: the target goes on the request line untouched. `body` may be sent
 * slowly (`dripMs` between bytes) or only in part (`partial`: the declared length is never sent).
 */
export function rawRequest(
  origin: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string; dripMs?: number; partial?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path: target,
        // Node sends a DELETE's body with neither length nor chunking unless told its length.
        headers: {
          ...(options.body !== undefined && !options.partial
            ? { "content-length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
        setHost: true,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const body = options.body;
    if (body === undefined) return void req.end();
    if (options.partial) return void req.write(body);
    if (!options.dripMs) return void req.end(body);
    let at = 0;
    const next = () => {
      if (req.destroyed) return;
      if (at >= body.length) return void req.end();
      req.write(body.slice(at, at + 1));
      at += 1;
      setTimeout(next, options.dripMs);
    };
    next();
  });
}

/**
 * An Entra ID stand-in on loopback: its JWKS served over HTTP, and RS256 tokens it signs for a
 * tenant's user, as the gateway's single sign-on reads them. `entra` is the gateway's configuration.
 */
export async function startEntraIssuer(tenants: string[]) {
  const issuer = "https://login.microsoftonline.com/test/v2.0";
  const audience = "api://ukco-gateway";
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k", alg: "RS256", use: "sig" };
  const server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    entra: { jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/keys`, issuer, audience, tenants },
    /** A token of `name` (object id `oid`) in `tenant`, valid for half an hour. */
    sign: (tenant: string, oid: string, name: string) =>
      new SignJWT({ tid: tenant, oid, name })
        .setProtectedHeader({ alg: "RS256", kid: "k" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("30m")
        .sign(privateKey),
    close: () => server.close(),
  };
}
