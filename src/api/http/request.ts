/**
 * One HTTP attempt: build the URL, send with a time-out, read the body, and turn the outcome
 * into validated data or a typed error. Retries, governing and credentials live around it.
 *
 * The rule for 2xx bodies: a body that is not data at all — empty where the operation's schema
 * needs one, cut off mid-JSON, or not JSON (an HTML page) — is an UnreadableBodyError, a
 * transient fault that retry.ts resends for idempotent operations. A body that parses as JSON but
 * does not fit the schema is a SchemaError: the service said something, and it broke the contract.
 * Which 2xx body is which, and how a list answer is cut to the fields asked, is body-reader.ts's;
 * the injected reader decides only where that work runs, and may send a cut request itself (the
 * page's worker), so the answer's body never comes here. Error bodies are read as text.
 */
import type { z } from "zod";
import type { ServiceName } from "../credentials";
import { inlineBodyReader, type BodyReader, type ReadBody } from "./body-reader";
import { parseErrorBody, type ParsedErrorBody } from "./error-body";
import {
  AbortedError,
  ApiError,
  AuthRequiredError,
  HttpError,
  NetworkError,
  RateLimitedError,
  SchemaError,
  TimeoutError,
  UnreadableBodyError,
} from "./errors";
import { redactUrl, scrubSecrets } from "./redact";
import { parseRetryAfter } from "./retry-after";
import type { Answer, Clock, FetchLike } from "./types";

export type QueryValue = string | number | boolean | undefined;

export interface RequestSpec<S extends z.ZodType> {
  /** Names the operation in schema errors, e.g. `product.listCompanies`. */
  operation: string;
  method: "GET" | "POST";
  /** Path below the service base URL, segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  schema: S;
  timeoutMs: number;
  /** Safe to send again after a network failure or client time-out. */
  idempotent: boolean;
  /** Sent without a credential (the login form). */
  anonymous?: boolean;
  /** Not counted in the service's rate window (matching status polls). */
  rateExempt?: boolean;
  /** Values that must never survive into an error (a password). */
  secrets?: readonly string[];
  /** Lets one operation read a status differently (login 400 means bad credentials). */
  onStatus?: (status: number, parsed: ParsedErrorBody) => ApiError | undefined;
}

export interface AttemptContext {
  service: ServiceName;
  baseUrl: string;
  fetch: FetchLike;
  clock: Clock;
  token?: string;
  signal?: AbortSignal;
  refresh?: boolean;
  /** Sent as `x-ukco-fields` (to a team gateway only). */
  fields?: readonly string[];
  /** The top-level record fields the body reader cuts each `companies[]` item to. */
  cut?: readonly string[];
  bodyReader?: BodyReader;
  /** Every answer's headers as it arrives, whatever its status (the quota the service states). */
  onResponse?: (headers: Headers) => void;
}

/**
 * Sent to a team gateway: the record fields a list answer needs. Its answer carries the same
 * header naming the fields it cut each record to; an answer without it holds whole records.
 */
export const FIELDS_HEADER = "x-ukco-fields";

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = baseUrl.replace(/\/+$/, "") + path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function encodeBody(spec: RequestSpec<z.ZodType>): { body?: string; contentType?: string } {
  if (spec.form)
    return { body: new URLSearchParams(spec.form).toString(), contentType: "application/x-www-form-urlencoded" };
  if (spec.json !== undefined) return { body: JSON.stringify(spec.json), contentType: "application/json" };
  return {};
}

/** Rejects as soon as `signal` aborts, even when the injected fetch ignores signals. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export async function sendOnce<S extends z.ZodType>(
  ctx: AttemptContext,
  spec: RequestSpec<S>,
): Promise<Answer<z.output<S>>> {
  const url = buildUrl(ctx.baseUrl, spec.path, spec.query);
  const safeUrl = redactUrl(url);
  const { body, contentType } = encodeBody(spec);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (contentType) headers["Content-Type"] = contentType;
  if (ctx.token !== undefined) headers["Authorization"] = `Bearer ${ctx.token}`;
  if (ctx.refresh) headers["x-ukco-refresh"] = "1";
  if (ctx.fields) headers[FIELDS_HEADER] = ctx.fields.join(",");

  if (ctx.signal?.aborted) throw new AbortedError(ctx.service);
  const inFlight = new AbortController();
  const stopTimer = new AbortController();
  let timedOut = false;
  const onUserAbort = (): void => inFlight.abort(ctx.signal?.reason);
  ctx.signal?.addEventListener("abort", onUserAbort, { once: true });
  ctx.clock.sleep(spec.timeoutMs, stopTimer.signal).then(
    () => {
      timedOut = true;
      inFlight.abort(new DOMException("timed out", "TimeoutError"));
    },
    () => undefined,
  );

  let response: Response;
  let read: ReadBody | undefined;
  let text = "";
  try {
    const reader = ctx.bodyReader ?? inlineBodyReader;
    const emptyIsData = spec.schema.safeParse(undefined).success;
    const sending =
      ctx.cut &&
      reader.send?.({
        url,
        method: spec.method,
        headers,
        body,
        cut: ctx.cut,
        emptyIsData,
        timeoutMs: spec.timeoutMs,
        signal: inFlight.signal,
      });
    if (sending) {
      // The reader sent it and read the answer: here there is only its status and headers.
      const answer = await raceAbort(sending, inFlight.signal);
      response = new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
      if (answer.read) read = answer.read;
      else text = answer.text ?? "";
    } else {
      response = await raceAbort(
        ctx.fetch(url, { method: spec.method, headers, body, signal: inFlight.signal }),
        inFlight.signal,
      );
      if (response.ok) read = await raceAbort(reader.read(response, ctx.cut, emptyIsData), inFlight.signal);
      else text = await raceAbort(response.text(), inFlight.signal);
    }
  } catch (cause) {
    if (ctx.signal?.aborted) throw new AbortedError(ctx.service);
    if (timedOut) throw new TimeoutError(ctx.service, spec.method, safeUrl, "client", spec.timeoutMs);
    throw new NetworkError(ctx.service, spec.method, safeUrl, cause);
  } finally {
    stopTimer.abort();
    ctx.signal?.removeEventListener("abort", onUserAbort);
  }
  ctx.onResponse?.(response.headers);

  if (read === undefined) {
    const secrets = [...(spec.secrets ?? []), ...(ctx.token ? [ctx.token] : [])];
    throw statusError(
      ctx,
      spec,
      response,
      scrubSecrets(parseErrorBody(response.headers.get("content-type") ?? undefined, text), secrets),
      safeUrl,
    );
  }
  if ("unreadable" in read) {
    const contentType = response.headers.get("content-type") ?? undefined;
    throw new UnreadableBodyError(ctx.service, spec.operation, safeUrl, response.status, read.unreadable, contentType);
  }
  const parsed = spec.schema.safeParse(read.json);
  if (!parsed.success)
    throw new SchemaError(ctx.service, spec.operation, safeUrl, response.status, parsed.error.issues);
  return read.cut
    ? { data: parsed.data, headers: response.headers, cut: read.cut }
    : { data: parsed.data, headers: response.headers };
}

function statusError(
  ctx: AttemptContext,
  spec: RequestSpec<z.ZodType>,
  response: Response,
  parsed: ParsedErrorBody,
  safeUrl: string,
): ApiError {
  const status = response.status;
  const special = spec.onStatus?.(status, parsed);
  if (special) return special;
  if (status === 401)
    return new AuthRequiredError(ctx.service, "rejected", { status, serverMessage: parsed.serverMessage });
  if (status === 504) return new TimeoutError(ctx.service, spec.method, safeUrl, "server");
  const init = {
    ...parsed,
    status,
    method: spec.method,
    url: safeUrl,
    contentType: response.headers.get("content-type") ?? undefined,
    retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), ctx.clock.now()),
  };
  return status === 429 ? new RateLimitedError(ctx.service, init) : new HttpError(ctx.service, init);
}
