/**
 * The host's means of signing in to the team gateway with the Office user's Microsoft account, for
 * core/gateway-sign-on.ts, which decides the order: MSAL.js's nestable client (brokered by the host
 * where it can; in Excel on the web, the browser's own sign-in with Entra, answered on the add-in's
 * sign-in page) and Office.auth (getAuthContext's login hint, getAccessToken). Each error is read
 * into what it means for the order: the user must act, the user cancelled, or it failed. MSAL is
 * fetched only when its way is taken, so it adds nothing to the page's start-up.
 */
import type { AuthenticationResult, IPublicClientApplication } from "@azure/msal-browser";
import type { GatewayConfig } from "@ukco/core/config";
import {
  signOnToGateway,
  SignOnStepError,
  type HostSignOnOffers,
  type NestedAppAuthStep,
  type SignOn,
  type SignOnHost,
} from "@ukco/core/gateway-sign-on";

export { SignOnCancelled, type SignOn } from "@ukco/core/gateway-sign-on";

type NestedAppAuthConfig = NonNullable<GatewayConfig["nestedAppAuth"]>;

/** Work and school accounts: the gateway admits tenants on its allow-list, never personal accounts. */
const DEFAULT_AUTHORITY = "https://login.microsoftonline.com/organizations";
/**
 * The pages of MSAL's browser sign-in (Excel on the web, or any host without a broker). Entra sends
 * its answer to the first, which hands it to the pane and does nothing else (msal-browser's
 * redirect bridge); it must be registered as a single-page-application redirect URI
 * (gateway/DEPLOY.md). The second is the pop-up the pane opens to sign in with a prompt: the pane is
 * a frame of Office's page, whose storage the browser keeps apart from a pop-up's, so the answer
 * comes back through a page of the add-in's own on top (msal-browser's popup relay, protocol 2).
 */
const SIGN_IN_REDIRECT_PAGE = "sign-in.html";
const SIGN_IN_RELAY_PAGE = "sign-in-relay.html";

function supports(set: string, version: string): boolean {
  try {
    return typeof Office !== "undefined" && Office.context.requirements.isSetSupported(set, version);
  } catch {
    return false;
  }
}

function officeAuth(): typeof Office.auth | undefined {
  try {
    return typeof Office === "undefined" ? undefined : Office.auth;
  } catch {
    // A host (or the simulated one) without the member at all.
    return undefined;
  }
}

export function hostSignOnOffers(): HostSignOnOffers {
  return {
    nestedAppAuth: supports("NestedAppAuth", "1.1"),
    officeSso: supports("IdentityAPI", "1.3") && typeof officeAuth()?.getAccessToken === "function",
  };
}

let msalClient: { key: string; client: Promise<IPublicClientApplication> } | undefined;

function nestableClient(naa: NestedAppAuthConfig): Promise<IPublicClientApplication> {
  const authority = naa.authority ?? DEFAULT_AUTHORITY;
  const redirectUri = new URL(SIGN_IN_REDIRECT_PAGE, location.href).href;
  const popupRelayUri = new URL(SIGN_IN_RELAY_PAGE, location.href).href;
  const key = `${naa.clientId} ${authority} ${redirectUri}`;
  if (msalClient?.key !== key) {
    const client = import(/* webpackChunkName: "msal" */ "@azure/msal-browser").then((msal) =>
      msal.createNestablePublicClientApplication({
        auth: { clientId: naa.clientId, authority, redirectUri, popupRelayUri, popupRelayProtocolVersion: 2 },
      }),
    );
    // A client that failed to start is not kept: the next click tries again.
    client.catch(() => {
      if (msalClient?.client === client) msalClient = undefined;
    });
    msalClient = { key, client };
  }
  return msalClient.client;
}

const errorCode = (error: unknown): unknown =>
  error && typeof error === "object" && "errorCode" in error
    ? error.errorCode
    : error && typeof error === "object" && "code" in error
      ? error.code
      : undefined;

const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : error && typeof error === "object" && "message" in error && typeof error.message === "string"
      ? error.message
      : (JSON.stringify(error) ?? String(error));

/** MSAL has no account for a silent call yet: the user must sign in, as with InteractionRequiredAuthError. */
const MSAL_NO_ACCOUNT = "no_account_error";
const MSAL_CANCEL_CODES = new Set(["user_cancelled", "user_canceled"]);

export function readMsalError(error: unknown): SignOnStepError {
  const code = String(errorCode(error) ?? "");
  const interaction =
    (error instanceof Error && error.name === "InteractionRequiredAuthError") || code === MSAL_NO_ACCOUNT;
  const kind = MSAL_CANCEL_CODES.has(code) ? "cancelled" : interaction ? "interaction-required" : "failed";
  return new SignOnStepError(kind, messageOf(error));
}

async function viaMsal(naa: NestedAppAuthConfig, step: NestedAppAuthStep, loginHint: string | undefined) {
  const client = await nestableClient(naa);
  const scopes = [naa.apiScope];
  let result: AuthenticationResult;
  try {
    if (step === "acquireTokenSilent") {
      // MSAL's silent call names the account rather than a hint: the cached one the hint names.
      const account = (loginHint ? client.getAccount({ loginHint }) : null) ?? client.getActiveAccount();
      result = await client.acquireTokenSilent({ scopes, ...(account ? { account } : {}) });
    } else {
      const request = { scopes, ...(loginHint ? { loginHint } : {}) };
      result = await (step === "ssoSilent" ? client.ssoSilent(request) : client.acquireTokenPopup(request));
    }
  } catch (error) {
    throw readMsalError(error);
  }
  return {
    token: result.accessToken,
    ...(result.account?.username ? { username: result.account.username } : {}),
  };
}

/**
 * What getAccessToken's error codes mean for the order and for the user, from Microsoft's
 * "Troubleshoot error messages for legacy Office single sign-on" (docs/ARCHITECTURE.md links it).
 * Only 13002 is the user's own cancel; 13001 (not signed in to Office) hands over to the next way.
 */
const OFFICE_SSO_ERRORS: Record<number, string> = {
  13000: "this Office, or the add-in's manifest, does not support it",
  13001: "you are not signed in to Office",
  13003: "Office is signed in with an account it cannot use for add-ins",
  13004: "the add-in's manifest does not match its app registration",
  13005: "Office is not authorised for the add-in's app registration",
  13006: "Office on the web needs you to sign out and start the browser session again",
  13007: "Office could not get a token for the add-in",
  13008: "an earlier sign-in has not finished: try again when it has",
  13010: "the browser's security zones keep Office from signing in",
  13012: "this Office does not offer it here",
  13013: "Office is refusing repeated sign-ins for a moment",
};
const OFFICE_CANCEL = 13002;

export function readOfficeError(error: unknown): SignOnStepError {
  const code = Number(errorCode(error));
  if (code === OFFICE_CANCEL) return new SignOnStepError("cancelled", "you cancelled the sign-in");
  const words = OFFICE_SSO_ERRORS[code];
  return new SignOnStepError("failed", `${words ?? messageOf(error)}${Number.isFinite(code) ? ` (${code})` : ""}`);
}

/** Office.auth.getAuthContext()'s user principal name (NestedAppAuth 1.1), which MSAL takes as the login hint. */
async function loginHint(): Promise<string | undefined> {
  const auth = officeAuth();
  if (!supports("NestedAppAuth", "1.1") || typeof auth?.getAuthContext !== "function") return undefined;
  const context = await auth.getAuthContext();
  return context?.userPrincipalName || context?.loginHint || undefined;
}

export function officeSignOnHost(gateway: GatewayConfig): SignOnHost {
  return {
    loginHint,
    nestedAppAuth: (step, hint) => viaMsal(gateway.nestedAppAuth!, step, hint),
    async officeSso(prompt) {
      try {
        return await officeAuth()!.getAccessToken({
          allowSignInPrompt: prompt,
          allowConsentPrompt: prompt,
          forMSGraphAccess: false,
        });
      } catch (error) {
        throw readOfficeError(error);
      }
    },
  };
}

/**
 * A token for the gateway by the first way that works, or an error saying what each way answered.
 * Without `prompt` (renewing a token behind the user's back) no way may show anything.
 */
export function gatewaySignOn(
  gateway: GatewayConfig,
  { offers = hostSignOnOffers(), prompt = true }: { offers?: HostSignOnOffers; prompt?: boolean } = {},
): Promise<SignOn> {
  return signOnToGateway(gateway, offers, officeSignOnHost(gateway), { prompt });
}
