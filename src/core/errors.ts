/**
 * The one mapping from failures to what the user sees. Excel can attach a message only to
 * #VALUE! and #N/A (docs/API-FACTS.md), so every failure becomes one of two kinds:
 *   "value" — the argument is wrong: fix the formula;
 *   "na"    — no value now: not found, not signed in, rate-limited, timed out, service down.
 * The message states what happened; the surface that shows it adds the next step (cells:
 * host/cell-words.ts; the pane: taskpane/error-words.ts).
 */
import {
  ApiError,
  AuthRequiredError,
  HttpError,
  SchemaError,
  TimeoutError,
  UnreadableBodyError,
} from "@ukco/api/http/errors";
import { SERVICE_LABELS, type ServiceName } from "@ukco/api/credentials";

export type ExcelErrorKind = "value" | "na";

export type UnavailableReason =
  | "not-signed-in"
  | "signed-out"
  | "rate-limited"
  | "timeout"
  | "service-down"
  | "network"
  | "scope"
  | "unexpected-data"
  | "preview"
  | "cancelled"
  | "config"
  | "quota"
  /** This Excel lacks a requirement set the action needs (the message names it and the builds that have it). */
  | "host"
  | "internal";

export abstract class UserError extends Error {
  abstract readonly excel: ExcelErrorKind;
}

/** A bad argument: shown as #VALUE!. */
export class InvalidArgumentError extends UserError {
  override readonly name = "InvalidArgumentError";
  readonly excel = "value" as const;
}

/** Nothing to show for a valid ask (unknown company, no match, empty field): shown as #N/A. */
export class NotFoundError extends UserError {
  override readonly name = "NotFoundError";
  readonly excel = "na" as const;
}

/** No value can be had now; the message says what to do: shown as #N/A. */
export class UnavailableError extends UserError {
  override readonly name = "UnavailableError";
  readonly excel = "na" as const;
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    readonly service?: ServiceName,
  ) {
    super(message);
  }
}

/**
 * Turns anything thrown below the functions and pane into a UserError stating what happened. The
 * next step is the surface's to write (host/cell-words.ts for cells, taskpane/error-words.ts for
 * the pane), because it differs: a cell says "Press Refresh", the pane offers a button.
 */
export function toUserError(error: unknown): UserError {
  if (error instanceof UserError) return error;
  if (error instanceof ApiError) return fromApiError(error);
  if (error instanceof Error && error.name === "ConfigError") return new UnavailableError("config", error.message);
  // Office.js's answer when a request used an API this Excel's requirement sets lack: the guards in
  // host/capabilities.ts should never let it happen, and if one is missed the user still reads why.
  if ((error as { code?: unknown } | null)?.code === "ApiNotFound")
    return new UnavailableError(
      "host",
      "This needs a newer version of Excel: the add-in asked for something this Excel does not have.",
    );
  const detail = (error instanceof Error ? error.message : String(error)).trim().replace(/[.!]+$/, "");
  return new UnavailableError("internal", `Unexpected problem in the add-in (${detail}).`);
}

const UNREADABLE_WORDS = { empty: "empty", truncated: "cut off", "not-json": "not JSON" } as const;

function fromApiError(error: ApiError): UserError {
  const label = SERVICE_LABELS[error.service];
  const service = error.service;
  if (error instanceof AuthRequiredError) {
    switch (error.problem) {
      case "missing":
        return new UnavailableError("not-signed-in", `You are not signed in to the ${label}.`, service);
      case "expired":
        return new UnavailableError("signed-out", `Your sign-in to the ${label} has expired.`, service);
      case "login-failed":
        return new UnavailableError(
          "signed-out",
          `Sign-in to the ${label} failed: the username or password was not accepted.`,
          service,
        );
      case "wrong-kind":
        return new UnavailableError(
          "signed-out",
          `The credential set for the ${label} is not the kind it accepts.`,
          service,
        );
      default:
        return new UnavailableError("signed-out", `The ${label} refused your credential.`, service);
    }
  }
  switch (error.kind) {
    case "validation":
      return new InvalidArgumentError(error.message);
    case "rate-limited":
      return new UnavailableError("rate-limited", `The ${label} is busy (rate limit reached).`, service);
    case "timeout":
      return new UnavailableError(
        "timeout",
        `The ${label} did not answer in time${error instanceof TimeoutError && error.source === "server" ? " (it timed out)" : ""}.`,
        service,
      );
    case "network":
      return new UnavailableError(
        "network",
        `Could not reach the ${label}: check your connection and the service address.`,
        service,
      );
    case "schema":
      return new UnavailableError(
        "unexpected-data",
        `The ${label} sent data in an unexpected shape${error instanceof SchemaError && error.path ? ` (at ${error.path})` : ""}.`,
        service,
      );
    case "unreadable":
      return new UnavailableError(
        "unexpected-data",
        `The ${label} kept sending answers that could not be read${error instanceof UnreadableBodyError ? ` (${UNREADABLE_WORDS[error.problem]})` : ""}.`,
        service,
      );
    case "aborted":
      return new UnavailableError("cancelled", "Cancelled.", service);
  }
  if (error instanceof HttpError) return fromHttpError(error, label, service);
  return new UnavailableError("internal", error.message, service);
}

function fromHttpError(error: HttpError, label: string, service: ServiceName): UserError {
  // The service's own words end our sentence, so their closing full stop is dropped (no "..").
  const said = error.serverMessage ? `: ${error.serverMessage.trim().replace(/[.!]+$/, "")}` : "";
  switch (error.code) {
    case "not-found":
      return new NotFoundError(`The ${label} found nothing for this${said}.`);
    case "bad-request":
    case "unprocessable": {
      const fields = error.fieldErrors.map((f) => `${f.field} ${f.message}`).join("; ");
      return new InvalidArgumentError(`The ${label} refused the request${fields ? `: ${fields}` : said}.`);
    }
    case "forbidden":
      return new UnavailableError(
        "scope",
        `Your ${label} credential is not allowed to do this (HTTP 403)${said}. Ask your administrator for a token with the right scope.`,
        service,
      );
    case "payment-required":
      return new UnavailableError("quota", `Your ${label} allowance is used up (HTTP 402)${said}.`, service);
    case "server-error":
    case "unavailable":
    case "gateway-timeout":
      return new UnavailableError("service-down", `The ${label} is unavailable (HTTP ${error.status}).`, service);
    default:
      return new UnavailableError("service-down", `The ${label} answered HTTP ${error.status}${said}.`, service);
  }
}
