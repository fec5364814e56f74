/**
 * The sign-in page's one script. Where Office does not broker nested app authentication (Excel on
 * the web), MSAL.js signs in with the browser's own flow: Entra answers in a pop-up or a hidden
 * frame at this page, which hands the answer to the pane that asked (msal-browser's redirect
 * bridge, needed since its version 5) and does nothing else: no Office, no add-in code.
 */
import { broadcastResponseToMainFrame } from "@azure/msal-browser/redirect-bridge";

broadcastResponseToMainFrame().catch((error: Error) => {
  document.body.textContent = `UK Companies could not finish signing in (${error.message}). Close this window and try again.`;
});
