/**
 * The sign-in pop-up's one script (Excel on the web). The pane lives in a frame of Office's page,
 * and the browser keeps such a frame's storage apart from a pop-up's, so Entra's answer cannot reach
 * it directly: the pane opens this page of its own instead, which opens Entra's sign-in, receives
 * its answer (on the sign-in page) and posts it back to the pane (msal-browser's popup relay,
 * protocol 2). It tells the pane when the user closes the sign-in window.
 */
import { runPopupRelay } from "@azure/msal-browser/popup-relay";

const authorities = document.querySelector<HTMLMetaElement>('meta[name="sign-in-authorities"]')?.content.split(" ");

try {
  runPopupRelay({ protocolVersion: 2, ...(authorities ? { allowedAuthorityOrigins: authorities } : {}) });
} catch (error) {
  document.body.textContent = `UK Companies could not start signing in (${(error as Error).message}). Close this window and try again.`;
}
