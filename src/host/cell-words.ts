/**
 * The words a cell shows for a failure: what happened, as the error states it, then the next
 * step a person looking at a cell can take. Excel shows them when the cell is hovered (or in the
 * formula bar on the web); the pane writes its own (taskpane/error-words.ts).
 */
import { UnavailableError, type UnavailableReason, type UserError } from "@ukco/core/errors";

const SIGN_IN = "the Sign in and settings view of the UK Companies pane";

const NEXT_STEP: Readonly<Record<UnavailableReason, string>> = {
  "not-signed-in": `Sign in in ${SIGN_IN}.`,
  "signed-out": `Sign in again, or check the credential, in ${SIGN_IN}.`,
  "rate-limited": "Press Refresh in a minute.",
  timeout: "Press Refresh to try again.",
  "service-down": "Press Refresh to try again.",
  network: "Press Refresh to try again.",
  "unexpected-data": "Press Refresh; if it persists, tell your administrator.",
  internal: "Press Refresh to try again.",
  config: "Ask your administrator to correct the add-in's config.json.",
  scope: "",
  quota: "",
  host: "",
  preview: "",
  cancelled: "",
};

export function cellMessage(error: UserError): string {
  const step = error instanceof UnavailableError ? NEXT_STEP[error.reason] : "";
  return step ? `${error.message} ${step}` : error.message;
}
