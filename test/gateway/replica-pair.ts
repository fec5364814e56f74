/**
 * Two gateway replicas sharing one REDIS_URL (whatever kind of Redis it names) in front of a
 * sandbox whose product quota is `limit` per `windowSeconds`, with two users. The gateways' window
 * is half a second longer than the service's, the slack a real minute gets from the limiter's
 * margin on a busy machine; and the service's window is left to empty before the test starts, so
 * the direct calls made here count in none of the test's windows.
 */
import type { GatewayConfigInput } from "../../gateway/config";
import { KeyStore } from "../../gateway/keys";
import { startGateway, type RunningGateway } from "../../gateway/server";
import type { RunningSandbox } from "../../sandbox/sandbox";
import { captureLogs, companyNumbers, configFor, tempFile, windowPasses } from "./support";

export interface ReplicaPair {
  a: RunningGateway;
  b: RunningGateway;
  ana: string;
  ben: string;
  numbers: string[];
  logLines: string[];
  close(): Promise<void>;
}

export async function startReplicaPair(
  sandbox: RunningSandbox,
  redisUrl: string,
  o: { limit: number; windowSeconds: number; companies: number; overrides?: Partial<GatewayConfigInput> },
): Promise<ReplicaPair> {
  const { lines: logLines, stream: logStream } = captureLogs();
  const keysFile = tempFile("keys.json");
  const keys = new KeyStore(keysFile);
  const [ana, ben] = [keys.add("ana"), keys.add("ben")];
  const config = configFor(sandbox, keysFile, {
    redisUrl,
    replicas: 2,
    limits: { product: o.limit, matching: 60, classification: 5, market: 60 },
    windowSeconds: o.windowSeconds + 0.5,
    ...o.overrides,
  });
  const a = await startGateway(config, { logStream });
  const b = await startGateway(config, { logStream });
  const numbers = await companyNumbers(sandbox, o.companies);
  await windowPasses(o.windowSeconds + 0.5);
  return { a, b, ana, ben, numbers, logLines, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

/** A request as a signed-in user; the body, when given, as JSON. */
export const sendAs = (g: RunningGateway, key: string, route: string, body?: unknown) =>
  fetch(`${g.origin}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
