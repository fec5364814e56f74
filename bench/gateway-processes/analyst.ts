/**
 * One analyst's Excel, for bench/gateway.ts: the add-in's engine in a process of its own, as each
 * analyst's workbook runs on its own machine. Between rounds it waits for the bench's message;
 * each round gets a fresh engine (an empty workbook cache), starts at the agreed wall-clock
 * moment, asks every cell in one burst and reports:
 * - `ms`: time to the last cell's value, the figure the targets are stated in;
 * - `lastByteMs`: time until the last byte of the last answer had arrived (undici's own
 *   "trailers" event), which leaves out this process's parsing of that answer;
 * - `cpuMs`: this process's CPU for the round.
 *
 * A replay order sends the product requests of this analyst's last engine round again (with the
 * fields they asked a gateway for, if any), all at once, to another base URL, and reads each answer as bytes without parsing it: how fast the
 * gateway (or the service) delivers, with almost none of the analysts' own CPU in the way.
 */
import { subscribe } from "node:diagnostics_channel";
import { createApiClients } from "../../src/api/factory";
import { systemClock } from "../../src/api/http/types";
import { CredentialStore } from "../../src/core/credentials";
import { Engine } from "../../src/core/engine";
import { fieldCells } from "../../src/functions/field";
import { MemoryStorage } from "../../test/support/memory-stores";

export interface RoundOrder {
  baseUrls: Record<string, string>;
  token: string;
  throughGateway: boolean;
  numbers: string[];
  fields: string[];
  /** Wall-clock ms (Date.now scale) at which every analyst of the round starts. */
  startAt: number;
}

export interface ReplayOrder {
  replay: true;
  /** The workbook whose last engine round is replayed. */
  numbers: string[];
  /** Replays the last round through a gateway (else the last direct one). */
  throughGateway: boolean;
  productUrl: string;
  token: string;
  startAt: number;
}

export interface RoundReport {
  ms: number;
  lastByteMs: number;
  cpuMs: number;
}

const now = () => performance.timeOrigin + performance.now();
let lastByte = 0;
subscribe("undici:request:trailers", () => {
  lastByte = now();
});

interface Recorded {
  path: string;
  method: string;
  body: string;
  /** The fields the request asked a gateway for, sent again with it. */
  fields?: string;
}
/** The product requests of the last engine round of each workbook and way, relative to its product base URL. */
const recorded = new Map<string, Recorded[]>();

const startAtOrder = (startAt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));

async function round(order: RoundOrder): Promise<RoundReport> {
  const productUrl = order.baseUrls.product!;
  const requests: Recorded[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = String(input);
    if (url.startsWith(productUrl) && typeof init?.body === "string") {
      const fields = new Headers(init.headers).get("x-ukco-fields") ?? undefined;
      requests.push({ path: url.slice(productUrl.length), method: init.method ?? "GET", body: init.body, fields });
    }
    return fetch(input, init);
  };
  const credentials = new CredentialStore(new MemoryStorage(), Date.now, order.throughGateway);
  await credentials.save("product", order.token);
  const clients = createApiClients({
    fetch: recording,
    credentials,
    baseUrls: order.baseUrls as never,
    throughGateway: order.throughGateway,
  });
  const engine = new Engine({ clients, clock: systemClock });
  await startAtOrder(order.startAt);
  const started = now();
  const cpu = process.cpuUsage();
  lastByte = started;
  await Promise.all(order.numbers.flatMap((n) => order.fields.map((f) => fieldCells(engine, n, f, null, {}))));
  const ms = now() - started;
  const used = process.cpuUsage(cpu);
  recorded.set(`${order.throughGateway} ${order.numbers.join(",")}`, requests);
  return { ms, lastByteMs: lastByte - started, cpuMs: (used.user + used.system) / 1000 };
}

async function replay(order: ReplayOrder): Promise<RoundReport> {
  await startAtOrder(order.startAt);
  const started = now();
  const cpu = process.cpuUsage();
  const requests = recorded.get(`${order.throughGateway} ${order.numbers.join(",")}`);
  if (!requests) throw new Error("no engine round of this workbook to replay");
  await Promise.all(
    requests.map(async (r) => {
      const response = await fetch(`${order.productUrl}${r.path}`, {
        method: r.method,
        headers: {
          authorization: `Bearer ${order.token}`,
          "content-type": "application/json",
          ...(r.fields ? { "x-ukco-fields": r.fields } : {}),
        },
        body: r.body,
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`replay answered ${response.status}`);
    }),
  );
  const ms = now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, lastByteMs: ms, cpuMs: (used.user + used.system) / 1000 };
}

process.on("message", (order: RoundOrder | ReplayOrder) => {
  void ("replay" in order ? replay(order) : round(order)).then(
    // A bench that has gone (stopped by hand) is nobody to report to: no error for that.
    (report) => process.send?.(report, undefined, undefined, () => undefined),
    (error: unknown) => process.send?.({ error: String(error) }, undefined, undefined, () => undefined),
  );
});
process.once("disconnect", () => process.exit(0));
process.send?.("ready");
