import { createHmac } from "node:crypto";
import type { CallbackAttempt } from "../state";

/**
 * Batch-job callbacks (CONTRACT-CHOICES): POST JSON to `callback_url` with
 * `X-Webhook-Timestamp: <unix seconds>` and `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret,
 * timestamp + "." + raw body)>`. The sandbox delivers only to this machine unless told otherwise.
 */

export function signature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return LOCAL_HOSTS.has(host) || host.startsWith("127.");
  } catch {
    return false;
  }
}

export interface CallbackTarget {
  url: string;
  secret: string;
}

const DELIVERY_TIMEOUT_MS = 5_000;

export async function deliverCallback(
  target: CallbackTarget,
  jobId: string,
  payload: Record<string, unknown>,
  nowMs: number,
  allowExternal: boolean,
): Promise<CallbackAttempt> {
  const attempt: CallbackAttempt = {
    jobId,
    url: target.url,
    event: String(payload.event),
    at: new Date(nowMs).toISOString(),
    status: null,
  };
  if (!allowExternal && !isLocalUrl(target.url))
    return {
      ...attempt,
      error: "skipped: the sandbox delivers callbacks only to localhost (--allow-external-callbacks)",
    };
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(nowMs / 1000));
  try {
    const res = await fetch(target.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Webhook-Timestamp": timestamp,
        "X-Webhook-Signature": signature(target.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { ...attempt, status: res.status };
  } catch (e) {
    return { ...attempt, error: (e as Error).message };
  }
}
