/**
 * The one error hierarchy of the API layer. Every failure a client method can produce is an
 * `ApiError` with a machine-readable `kind` (and `code` on HTTP errors), so the adapters map
 * errors to Excel values and pane messages in one place. No error carries a credential.
 */
import type { z } from "zod";
import { SERVICE_LABELS, type ServiceName } from "../credentials";
import { formatIssuePath, issueFieldPath } from "./issue-path";

export type ApiErrorKind =
  "http" | "rate-limited" | "auth" | "network" | "timeout" | "schema" | "unreadable" | "validation" | "aborted";

/** One field-level complaint from a 422 body (`detail[]` of matching/classification, `errors{}` of product). */
export interface FieldError {
  field: string;
  message: string;
}

/** Problem details (RFC 9457) as the multi-market gateway and data service send them. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  trace?: { timestamp?: string; requestId?: string; buildId?: string; rayId?: string; [k: string]: unknown };
  [k: string]: unknown;
}

/** Base of every error the API layer throws. */
export abstract class ApiError extends Error {
  protected constructor(
    readonly service: ServiceName,
    readonly kind: ApiErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export type HttpErrorCode =
  | "bad-request"
  | "unauthorized"
  | "payment-required"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "unprocessable"
  | "rate-limited"
  | "server-error"
  | "unavailable"
  | "gateway-timeout"
  | "other";

const CODES: Readonly<Record<number, HttpErrorCode>> = {
  400: "bad-request",
  401: "unauthorized",
  402: "payment-required",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  422: "unprocessable",
  429: "rate-limited",
  500: "server-error",
  503: "unavailable",
  504: "gateway-timeout",
};

export interface HttpErrorInit {
  status: number;
  method: string;
  /** Redacted: no user-info, no credential-like query values. */
  url: string;
  contentType?: string;
  /** The parsed error body (JSON, or text), with any credential of the request replaced. */
  body?: unknown;
  /** `detail`, `error`, `message` or problem `detail`/`title`, whichever the body carried. */
  serverMessage?: string;
  fieldErrors?: FieldError[];
  problem?: ProblemDetails;
  /** `gateway` for `application/problem+json` bodies (they carry `trace`), else `service`. */
  origin: "gateway" | "service";
  retryAfterMs?: number;
}

/** Thrown when a service answers with a non-2xx status that no more specific class covers. */
export class HttpError extends ApiError {
  readonly status: number;
  readonly code: HttpErrorCode;
  readonly method: string;
  readonly url: string;
  readonly contentType: string | undefined;
  readonly body: unknown;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: readonly FieldError[];
  readonly problem: ProblemDetails | undefined;
  readonly origin: "gateway" | "service";
  readonly retryAfterMs: number | undefined;

  constructor(service: ServiceName, init: HttpErrorInit, kind: "http" | "rate-limited" = "http", message?: string) {
    super(service, kind, message ?? HttpError.describe(service, init));
    this.status = init.status;
    this.code = CODES[init.status] ?? "other";
    this.method = init.method;
    this.url = init.url;
    this.contentType = init.contentType;
    this.body = init.body;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors ?? [];
    this.problem = init.problem;
    this.origin = init.origin;
    this.retryAfterMs = init.retryAfterMs;
  }

  private static describe(service: ServiceName, init: HttpErrorInit): string {
    const said = init.serverMessage ? `: ${init.serverMessage}` : "";
    return `The ${SERVICE_LABELS[service]} answered ${init.status}${said}`;
  }
}

/** Thrown for a 429 once retries are used up (or the wait asked for is too long to sit out). */
export class RateLimitedError extends HttpError {
  constructor(service: ServiceName, init: HttpErrorInit) {
    const wait =
      init.retryAfterMs !== undefined ? ` Try again in ${Math.ceil(init.retryAfterMs / 1000)} s.` : " Try again later.";
    super(service, init, "rate-limited", `The ${SERVICE_LABELS[service]} is receiving too many requests.${wait}`);
  }
}

export type AuthProblem = "missing" | "wrong-kind" | "expired" | "rejected" | "login-failed";

const AUTH_MESSAGES: Readonly<Record<AuthProblem, string>> = {
  missing: "No credential is set for the {s}.",
  "wrong-kind": "The credential set for the {s} is not the kind it accepts.",
  expired: "The sign-in for the {s} has expired.",
  rejected: "The {s} refused the credential.",
  "login-failed": "Sign-in to the {s} failed: the username or password was not accepted.",
};

/** Thrown before sending when no usable credential exists, and when a service answers 401 (or a login 400). */
export class AuthRequiredError extends ApiError {
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  constructor(
    service: ServiceName,
    readonly problem: AuthProblem,
    http?: { status: number; serverMessage?: string },
  ) {
    super(service, "auth", AUTH_MESSAGES[problem].replace("{s}", SERVICE_LABELS[service]));
    this.status = http?.status;
    this.serverMessage = http?.serverMessage;
  }
}

/** Thrown when `fetch` itself fails (DNS, refused connection, CORS, offline). */
export class NetworkError extends ApiError {
  constructor(
    service: ServiceName,
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(
      service,
      "network",
      `Could not reach the ${SERVICE_LABELS[service]}. Check the connection and the service address.`,
      { cause },
    );
  }
}

/** Thrown when the client's time-out elapses (`source: "client"`) or the service answers 504 (`source: "server"`). */
export class TimeoutError extends ApiError {
  constructor(
    service: ServiceName,
    readonly method: string,
    readonly url: string,
    readonly source: "client" | "server",
    readonly timeoutMs?: number,
  ) {
    super(service, "timeout", `The ${SERVICE_LABELS[service]} took too long to answer. Try again later.`);
  }
  get status(): number | undefined {
    return this.source === "server" ? 504 : undefined;
  }
}

/** Thrown when the request worked but the data did not fit the contract's schema. */
export class SchemaError extends ApiError {
  /** Path of the first bad field, e.g. `companies[3].BestEstimateTurnover`; empty for the root. */
  readonly path: string;
  constructor(
    service: ServiceName,
    readonly operation: string,
    readonly url: string,
    readonly status: number,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const path = issues[0] ? formatIssuePath(issueFieldPath(issues[0])) : "";
    super(
      service,
      "schema",
      `The ${SERVICE_LABELS[service]} sent data in an unexpected shape${path ? ` (at ${path})` : ""}.`,
    );
    this.path = path;
  }
}

/** How a 2xx body failed to be data at all (see request.ts for the rule). */
export type UnreadableBody = "empty" | "truncated" | "not-json";

/**
 * Thrown when a 2xx answer's body is not data at all: empty where the operation sends one, cut
 * off mid-JSON, or not JSON (an HTML page from a proxy or captive portal). Unlike SchemaError the
 * service never said anything we could check against the contract, so it is a transient fault
 * and idempotent reads are retried (retry.ts).
 */
export class UnreadableBodyError extends ApiError {
  constructor(
    service: ServiceName,
    readonly operation: string,
    readonly url: string,
    readonly status: number,
    readonly problem: UnreadableBody,
    readonly contentType: string | undefined,
  ) {
    const what = {
      empty: "an empty body",
      truncated: "a body cut off mid-JSON",
      "not-json": "a body that is not JSON",
    };
    super(
      service,
      "unreadable",
      `The ${SERVICE_LABELS[service]} answered ${operation} with ${status} and ${what[problem]}.`,
    );
  }
}

/** Thrown before sending when an argument breaks a documented limit; names the field and the rule. */
export class ValidationError extends ApiError {
  constructor(
    service: ServiceName,
    readonly field: string,
    readonly rule: string,
  ) {
    super(service, "validation", field ? `${field} ${rule}` : rule);
  }
}

/** Thrown when the caller's AbortSignal fires, queued or in flight. */
export class AbortedError extends ApiError {
  constructor(service: ServiceName) {
    super(service, "aborted", `The request to the ${SERVICE_LABELS[service]} was cancelled.`);
  }
}
