import type { IncomingHttpHeaders } from "node:http";

/** What a handler sees of a request: already routed, body read but not parsed. */
export interface RequestContext {
  readonly method: string;
  /** Path below the service prefix, e.g. `/v2/companies`. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: Buffer;
}

/** What a handler answers; the server serialises it (and may corrupt it when a fault says so). */
export interface Reply {
  readonly status: number;
  /** JSON-serialisable body; undefined sends no body. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string;
}

export type Handler = (req: RequestContext) => Reply | Promise<Reply>;

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(raw: Buffer): JsonResult {
  const text = raw.toString("utf8");
  if (text.trim() === "") return { ok: false, error: "empty body" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const h = headers.authorization;
  if (typeof h !== "string") return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? (m[1] ?? null) : null;
}

export type ObjectBody = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** A JSON object body; `allowEmpty` treats no body as `{}`. */
export function parseObjectBody(raw: Buffer, allowEmpty = false): ObjectBody {
  if (allowEmpty && raw.length === 0) return { ok: true, value: {} };
  const parsed = parseJson(raw);
  if (!parsed.ok) return { ok: false, error: `The request body is not valid JSON: ${parsed.error}` };
  return isObject(parsed.value)
    ? { ok: true, value: parsed.value }
    : { ok: false, error: "The request body must be a JSON object." };
}
