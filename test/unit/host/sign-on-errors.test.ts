/**
 * How the host reads what a sign-on call threw, which decides whether the next way is tried: Office's
 * getAccessToken codes (Microsoft's troubleshooting page for legacy Office single sign-on) and
 * MSAL.js's errors, as MSAL raises them for the broker's and the directory's answers.
 */
import { BrowserAuthError, InteractionRequiredAuthError } from "@azure/msal-browser";
import { readMsalError, readOfficeError } from "../../../src/host/sso";

/** getAccessToken rejects with an object carrying `code`, `name` and `message`. */
const officeError = (code: number) => ({ code, name: "Office error", message: `Office said ${code}` });

test.each([
  [13000, "failed", "this Office, or the add-in's manifest, does not support it (13000)"],
  [13001, "failed", "you are not signed in to Office (13001)"],
  [13002, "cancelled", "you cancelled the sign-in"],
  [13003, "failed", "Office is signed in with an account it cannot use for add-ins (13003)"],
  [13006, "failed", "Office on the web needs you to sign out and start the browser session again (13006)"],
  [13012, "failed", "this Office does not offer it here (13012)"],
  [12345, "failed", "Office said 12345 (12345)"],
])("getAccessToken's %i is read as %s: %s", (code, kind, message) => {
  expect(readOfficeError(officeError(code))).toMatchObject({ kind, message });
});

test.each([
  [
    "the directory needs the user (InteractionRequiredAuthError)",
    "interaction-required",
    new InteractionRequiredAuthError("consent_required", "correlation"),
  ],
  [
    "no account cached for a silent call",
    "interaction-required",
    new BrowserAuthError("no_account_error", "correlation"),
  ],
  ["the user closed the prompt", "cancelled", new BrowserAuthError("user_cancelled", "correlation")],
  ["the sign-in frame timed out", "failed", new BrowserAuthError("timed_out", "correlation")],
  ["the pop-up was blocked", "failed", new BrowserAuthError("popup_window_error", "correlation")],
  ["something that is not MSAL's", "failed", new TypeError("broken")],
])("MSAL: %s is read as %s", (_, kind, error) => {
  expect(readMsalError(error).kind).toBe(kind);
});
