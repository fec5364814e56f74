/**
 * The words the pane shows for a failure. Errors carry facts (service, status, the service's own
 * message, what was wrong with a credential); the pane writes its sentences from them here:
 *  - a service's own message is quoted as a sentence of its own, never glued into ours, because it
 *    brings its own full stop;
 *  - a credential problem names the view where credentials are set, and the message bar offers
 *    the way there (the failure's `signIn`);
 *  - everything else keeps the add-in's shared wording (toUserError).
 */
import type { ServiceName } from "@ukco/api/credentials";
import { SERVICE_LABELS } from "@ukco/core/api-values";
import type { AuthProblem } from "@ukco/api/http/errors";
import { ApiError, HttpError } from "@ukco/core/api-values";
import { toUserError, UnavailableError, type UnavailableReason } from "@ukco/core/errors";

/** The id of the view where credentials are set. */
export const SIGN_IN_VIEW = "sign-in";

export interface PaneWords {
  message: string;
  /** Set when the user must attend to this service's credential in the Sign-in view. */
  signIn?: ServiceName;
}

/** `text` as one sentence: one full stop at the end unless it already ends a sentence. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The service's own words, quoted after ours ("" when it said nothing). */
function saidBy(serverMessage: string | undefined): string {
  return serverMessage?.trim() ? ` It said: "${asSentence(serverMessage)}"` : "";
}

const CREDENTIAL_WORDS: Readonly<Record<AuthProblem, (service: string, where: string) => string>> = {
  missing: (s, where) => `No credential is set for the ${s}. Add one in ${where}.`,
  expired: (s, where) => `Your sign-in to the ${s} has expired. Sign in again in ${where}.`,
  rejected: (s, where) => `The ${s} refused your credential. Check it in ${where}.`,
  "wrong-kind": (s, where) =>
    `The credential set for the ${s} is not the kind it accepts. Enter the right one in ${where}.`,
  "login-failed": (s, where) =>
    `Sign-in to the ${s} failed: the username or password was not accepted. Check them in ${where}.`,
};

function isAuthProblem(value: unknown): value is AuthProblem {
  return typeof value === "string" && value in CREDENTIAL_WORDS;
}

/** A credential failure, as the API layer reports it (kind "auth") or as the shared mapping already worded it. */
function credentialWords(error: unknown, where: string): PaneWords | undefined {
  if (error instanceof ApiError && error.kind === "auth") {
    const problem = (error as { problem?: unknown }).problem;
    const words = CREDENTIAL_WORDS[isAuthProblem(problem) ? problem : "rejected"];
    return { message: words(SERVICE_LABELS[error.service], where), signIn: error.service };
  }
  if (error instanceof UnavailableError && error.service) {
    if (error.reason === "not-signed-in")
      return { message: CREDENTIAL_WORDS.missing(SERVICE_LABELS[error.service], where), signIn: error.service };
    if (error.reason === "signed-out")
      return { message: CREDENTIAL_WORDS.rejected(SERVICE_LABELS[error.service], where), signIn: error.service };
  }
  return undefined;
}

/** The answers whose wording quotes what the service said; the rest carry no server text. */
function httpWords(error: HttpError): string | undefined {
  const label = SERVICE_LABELS[error.service];
  const said = saidBy(error.serverMessage);
  switch (error.code) {
    case "not-found":
      return `The ${label} found nothing for this.${said}`;
    case "bad-request":
    case "unprocessable": {
      const fields = error.fieldErrors.map((f) => `${f.field} ${f.message}`).join("; ");
      return fields
        ? `The ${label} refused the request: ${asSentence(fields)}`
        : `The ${label} refused the request.${said}`;
    }
    case "forbidden":
      return `Your ${label} credential is not allowed to do this (HTTP 403).${said} Ask your administrator for a token with the right scope.`;
    case "payment-required":
      return `Your ${label} allowance is used up (HTTP 402).${said}`;
    case "conflict":
    case "other":
      return `The ${label} answered HTTP ${error.status}.${said} Try again later.`;
    default:
      return undefined;
  }
}

/** The pane's next step after the shared statement of what happened (credentials are handled above). */
const NEXT_STEP: Partial<Readonly<Record<UnavailableReason, string>>> = {
  "rate-limited": "Try again in a minute.",
  timeout: "Try again.",
  "service-down": "Try again.",
  network: "Try again.",
  "unexpected-data": "Try again; if it persists, tell your administrator.",
  internal: "Try again.",
  config: "Ask your administrator to correct the add-in's config.json.",
};

/** What the pane says about `error`; `signInTitle` names the view where credentials are set. */
export function paneWords(error: unknown, signInTitle: string): PaneWords {
  const credential = credentialWords(error, signInTitle);
  if (credential) return credential;
  const http = error instanceof HttpError && error.kind === "http" ? httpWords(error) : undefined;
  if (http) return { message: http };
  const shared = toUserError(error);
  const step = shared instanceof UnavailableError ? NEXT_STEP[shared.reason] : undefined;
  return { message: step ? `${asSentence(shared.message)} ${step}` : asSentence(shared.message) };
}
