import { type RunningSandbox, type StartSandboxOptions, startSandbox } from "../../../sandbox/sandbox";

/** A small in-process sandbox on an ephemeral port, fixed seed, quick latencies. */
export async function testSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    companies: 5000,
    marketCompanies: 600,
    seed: 7,
    matchLatencyMs: [0, 5],
    batchQueuedMs: 150,
    batchRowMs: 1,
    ...options,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...extra };
}

export function postJson(url: string, token: string | null, body: unknown): Promise<Answer> {
  return call(url, {
    method: "POST",
    headers: token === null ? { "Content-Type": "application/json" } : bearer(token),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function getJson(url: string, token: string | null): Promise<Answer> {
  return call(url, { headers: token === null ? {} : bearer(token) });
}
