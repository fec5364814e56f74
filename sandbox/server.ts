import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { BodyTooLarge, readBody } from "./http/body";
import { answerPreflight, applyCors } from "./http/cors";
import { joinPieces, serialiseBody } from "./http/embedded-json";
import type { BodyFault } from "./faults";
import type { Reply } from "./http/types";
import type { Service } from "./service";
import type { SandboxState } from "./state";

/**
 * The sandbox's HTTP front: CORS, the admin API, then per service the injected faults (latency,
 * held responses, error statuses, malformed bodies) around the service's own handling.
 */

/** INFERRED: large enough for an uploaded set of a million company numbers. */
const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export interface AdminApi {
  handle(method: string, path: string, query: URLSearchParams, body: Buffer): Promise<Reply>;
}

export interface SandboxServer {
  readonly server: Server;
  /** Releases responses held "until close" and stops accepting connections. */
  close(): Promise<void>;
}

/** Longer than a load balancer's usual 60 s, as servers behind one are told to be. */
const KEEP_ALIVE_MS = 65_000;
/** Admin calls after which no response of the previous fault mix may still be held. */
const ENDS_A_FAULT_MIX = new Set(["/reset", "/faults"]);
/** A released response that is still being written after this is left to finish on its own. */
const RELEASE_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createSandboxServer(
  state: SandboxState,
  services: readonly Service[],
  admin: AdminApi,
  log: (line: string) => void,
): SandboxServer {
  /** Responses held by a fault, each with the release that lets it go on. */
  const held = new Map<() => void, ServerResponse>();

  const hold = (ms: number | null, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const release = () => {
        held.delete(release);
        if (timer) clearTimeout(timer);
        resolve();
      };
      const timer = ms === null ? undefined : setTimeout(release, ms);
      held.set(release, res);
      res.on("close", release);
    });

  /**
   * A held response belongs to the fault mix that held it: when the mix is changed or reset, each
   * is let go and answered, and the admin call returns once their connections are done with, so
   * no later request (nor a test's next baseline) meets a connection the old mix still holds.
   */
  async function releaseHeld(): Promise<void> {
    const ended = [...held].map(([release, res]) => {
      const closed = new Promise<void>((resolve) => res.once("close", resolve));
      release();
      return closed;
    });
    if (ended.length === 0) return;
    await Promise.race([Promise.all(ended), sleep(RELEASE_WAIT_MS)]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sandbox.local");
    const method = req.method ?? "GET";
    const isAdmin = url.pathname === "/__admin" || url.pathname.startsWith("/__admin/");
    const target = services.find((s) => url.pathname === s.prefix || url.pathname.startsWith(`${s.prefix}/`));
    // Reading the counters is the one request they leave out, so readers see only what they test.
    if (!(isAdmin && method === "GET" && url.pathname === "/__admin/requests"))
      state.received.received(isAdmin ? "admin" : (target?.name ?? "other"));
    applyCors(req, res);
    if (req.method === "OPTIONS") return answerPreflight(req, res);
    let body: Buffer;
    try {
      body = await readBody(req, BODY_LIMIT_BYTES);
    } catch (e) {
      if (e instanceof BodyTooLarge)
        return send(res, { status: 413, body: { message: "Request body too large" } }, null);
      throw e;
    }
    if (isAdmin) {
      const adminPath = url.pathname.slice("/__admin".length);
      const reply = await admin.handle(method, adminPath, url.searchParams, body);
      if (method === "POST" && ENDS_A_FAULT_MIX.has(adminPath)) await releaseHeld();
      return send(res, reply, null);
    }
    const service = target;
    if (!service) {
      return send(
        res,
        { status: 404, body: { message: "No sandbox service at this path", services: services.map((s) => s.prefix) } },
        null,
      );
    }
    const decision = state.faults.decide(service.name);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    if (decision.hold !== undefined) {
      await hold(decision.hold, res);
      if (res.destroyed || res.writableEnded) return;
    }
    if (decision.html502) return sendHtml502(res);
    let reply: Reply;
    if (decision.status) {
      reply = service.faultReply(decision.status);
      if (decision.noRetryAfter) reply = withoutRetryAfter(reply);
    } else {
      try {
        reply = await service.handle({
          method,
          path: url.pathname.slice(service.prefix.length) || "/",
          query: url.searchParams,
          headers: req.headers,
          rawBody: body,
        });
      } catch (e) {
        log(`sandbox: ${service.name} ${method} ${url.pathname} failed: ${(e as Error).stack ?? String(e)}`);
        reply = service.faultReply(500);
      }
    }
    if (!decision.status && reply.status === 429) state.received.rateLimited(service.name);
    reply = state.readings.error(service.name, reply);
    await send(res, reply, decision.malformed ? (text) => state.faults.malform(text) : null, decision.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`sandbox: request failed: ${String(e)}`);
      if (!res.headersSent) void send(res, { status: 500, body: { message: "Sandbox error" } }, null);
      else res.destroy();
    });
  });
  // Idle keep-alive connections outlive any client's pool (undici keeps one for the hinted timeout
  // less a margin): a server that closes first races a client whose event loop lags, which then
  // writes a request into a socket already closed, and a POST that was never read cannot be resent.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of [...held.keys()]) release();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Pieces are written corked in runs of about this many bytes, then the socket may ask us to wait. */
const RUN_BYTES = 1024 * 1024;

async function send(
  res: ServerResponse,
  reply: Reply,
  corrupt: ((text: string) => string) | null,
  bodyFault?: BodyFault,
): Promise<void> {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = reply.status;
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  if (reply.body === undefined) {
    res.end();
    return;
  }
  const { pieces, bytes } = serialiseBody(reply.body);
  res.setHeader("Content-Type", reply.contentType ?? "application/json");
  if (corrupt || bodyFault) {
    const text = joinPieces(pieces);
    const out = corrupt ? corrupt(text) : text;
    if (bodyFault) return sendFaulty(res, out, bodyFault);
    res.end(out);
    return;
  }
  // The length a single res.end(text) would have sent, so streamed answers look the same on the wire.
  res.setHeader("Content-Length", bytes);
  await writeInRuns(res, pieces);
}

/** Writes the pieces in corked runs (one writev each), waiting for the socket to drain when it asks (backpressure). */
async function writeInRuns(res: ServerResponse, pieces: readonly (string | Buffer)[]): Promise<void> {
  let k = 0;
  while (k < pieces.length) {
    if (res.destroyed) return;
    let bytes = 0;
    let ok = true;
    res.cork();
    for (; k < pieces.length && bytes < RUN_BYTES; k++) {
      const piece = pieces[k] ?? "";
      ok = res.write(piece);
      bytes += piece.length;
    }
    res.uncork();
    if (!ok && k < pieces.length) await drained(res);
  }
  if (!res.destroyed) res.end();
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

const DRIP_PIECES = 12;
const DRIP_GAP_MS = 125;

/**
 * A body damaged on the way: `cut` ends the message cleanly halfway (the client reads a
 * complete response holding half the JSON), `reset` destroys the connection after half the body,
 * `drip` sends the whole body in small pieces over about a second and a half.
 */
function sendFaulty(res: ServerResponse, text: string, fault: BodyFault): void {
  const half = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (fault === "cut") {
    res.end(half);
    return;
  }
  if (fault === "reset") {
    res.write(half, () => res.socket?.destroy());
    return;
  }
  const size = Math.ceil(text.length / DRIP_PIECES);
  let at = 0;
  const next = (): void => {
    if (res.destroyed) return;
    const piece = text.slice(at, at + size);
    at += size;
    if (at >= text.length) res.end(piece);
    else res.write(piece, () => setTimeout(next, DRIP_GAP_MS).unref());
  };
  next();
}

/** What a proxy in front of the service sends when the service is unreachable. */
function sendHtml502(res: ServerResponse): void {
  res.statusCode = 502;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(
    "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>",
  );
}

function withoutRetryAfter(reply: Reply): Reply {
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).filter(([name]) => name.toLowerCase() !== "retry-after"),
  );
  return { ...reply, headers };
}
