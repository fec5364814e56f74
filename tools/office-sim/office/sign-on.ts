/**
 * The host's single sign-on, as a test configures it: nested app authentication (requirement set
 * NestedAppAuth 1.1: `Office.auth.getAuthContext()` and, where the host brokers, the bridge
 * `window.nestedAppAuthBridge` MSAL.js's nestable client talks to) and/or
 * `Office.auth.getAccessToken` (IdentityAPI 1.3), each answering with tokens the test minted.
 *
 * The bridge speaks the protocol msal-browser's BridgeProxy expects: JSON requests `{messageType,
 * method, requestId, tokenParams}` posted to it, JSON answers `{requestId, success, initContext |
 * token + account | error}` delivered to its "message" listeners. It grants only the app
 * registration and scope it was given, as the directory would. Excel on the web brokers nothing
 * (Microsoft: "the browser uses a standard authentication flow"): with `broker: "browser"` there is
 * no bridge, MSAL.js signs in with Entra itself (the test answers for Entra), and getAuthContext
 * gives the login hint. getAccessToken reads the add-in's manifest as Office does: without
 * WebApplicationInfo it answers 13000. Every ask is recorded for the test to read.
 */

/** An Entra account as the host knows it (MSAL's AccountInfo, less what it derives). */
export interface SimulatedAccount {
  homeAccountId: string;
  tenantId: string;
  localAccountId: string;
  username: string;
  name?: string;
}

export interface SimulatedSignOn {
  /** The host brokers nested app authentication (requirement set NestedAppAuth 1.1). */
  nestedAppAuth?: {
    /** The app registration and the scope the directory grants it; any other ask is refused. */
    clientId: string;
    scope: string;
    /** The token a grant hands out; a list hands out the next at each grant, the last one thereafter. */
    accessToken: string | string[];
    idToken: string;
    account: SimulatedAccount;
    /**
     * "silent" (default): answered without a prompt; "prompt": a silent ask needs interaction and
     * the host's prompt answers; "cancel": the user closes the prompt; "fail": every ask fails
     * (the broker is broken), so the add-in must fall back. Only the bridge's.
     */
    behaviour?: "silent" | "prompt" | "cancel" | "fail";
    /**
     * "bridge" (default): the host brokers, as Excel on Windows and Mac. "browser": Excel on the web,
     * no bridge; only `account` is used (getAuthContext), the tokens are the simulated directory's.
     */
    broker?: "bridge" | "browser";
  };
  /**
   * The host has Office.auth.getAccessToken (requirement set IdentityAPI 1.3), answering with this
   * token, or rejecting with `error`, an Office code (13001: not signed in to Office; 13002: the user
   * cancelled; …), as a host in that state would.
   */
  getAccessToken?: { token: string; error?: number };
}

export interface SignOnRequest {
  via: "nestedAppAuthBridge" | "Office.auth";
  method: string;
  clientId?: string;
  scope?: string;
  /** The account a bridge request named (MSAL's platformBrokerId: its homeAccountId). */
  account?: string;
  options?: unknown;
}

/** The requirement sets the offered sign-on adds. */
export function signOnRequirementSets(signOn: SimulatedSignOn | undefined): Record<string, string> {
  // NestedAppAuth 1.1 is getAuthContext as well as brokering, so the web reports it without a bridge.
  return {
    ...(signOn?.nestedAppAuth ? { NestedAppAuth: "1.1" } : {}),
    ...(signOn?.getAccessToken ? { IdentityAPI: "1.3" } : {}),
  };
}

const ENVIRONMENT = "login.microsoftonline.com";

/** What the directory says with a token: its lifetime, read from its `exp` (an hour when it has none). */
function secondsLeft(jwt: string): number {
  try {
    const payload = JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    if (typeof payload.exp === "number") return Math.max(0, Math.round(payload.exp - Date.now() / 1000));
  } catch {
    // Not a JWT: a test's placeholder.
  }
  return 3600;
}

type Listener = (event: { data: string }) => void;

interface BridgeRequest {
  method?: string;
  requestId?: string;
  tokenParams?: { clientId?: string; scope?: string; platformBrokerId?: string };
}

export function createNestedAppAuthBridge(
  offer: NonNullable<SimulatedSignOn["nestedAppAuth"]>,
  record: (request: SignOnRequest) => void,
): {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
  postMessage(message: string): void;
} {
  const listeners = new Set<Listener>();
  const behaviour = offer.behaviour ?? "silent";
  const accessTokens = [offer.accessToken].flat();
  let granted = 0;
  const answer = (requestId: string | undefined, body: Record<string, unknown>) => {
    const data = JSON.stringify({ messageType: "NestedAppAuthResponse", requestId, ...body });
    // Asynchronously, as a host's answer arrives.
    setTimeout(() => listeners.forEach((listener) => listener({ data })), 0);
  };
  const refuse = (requestId: string | undefined, status: string, code: string, description: string) =>
    answer(requestId, { success: false, error: { status, code, description } });
  const tokenFor = (request: BridgeRequest) => {
    const { clientId, scope = "" } = request.tokenParams ?? {};
    if (clientId !== offer.clientId)
      return refuse(request.requestId, "PERSISTENT_ERROR", "invalid_client", `Unknown application ${clientId}.`);
    if (!scope.split(" ").includes(offer.scope))
      return refuse(request.requestId, "PERSISTENT_ERROR", "invalid_scope", `Scope ${scope} is not granted.`);
    const accessToken = accessTokens[Math.min(granted++, accessTokens.length - 1)]!;
    answer(request.requestId, {
      success: true,
      token: {
        access_token: accessToken,
        id_token: offer.idToken,
        expires_in: secondsLeft(accessToken),
        scope: offer.scope,
        token_type: "Bearer",
      },
      account: { ...offer.account, environment: ENVIRONMENT },
    });
  };
  return {
    addEventListener: (type, listener) => void (type === "message" && listeners.add(listener)),
    removeEventListener: (type, listener) => void (type === "message" && listeners.delete(listener)),
    postMessage(message) {
      const request = JSON.parse(message) as BridgeRequest;
      const method = request.method ?? "";
      record({
        via: "nestedAppAuthBridge",
        method,
        ...(request.tokenParams?.clientId ? { clientId: request.tokenParams.clientId } : {}),
        ...(request.tokenParams?.scope ? { scope: request.tokenParams.scope } : {}),
        ...(request.tokenParams?.platformBrokerId ? { account: request.tokenParams.platformBrokerId } : {}),
      });
      if (method === "GetInitContext")
        return answer(request.requestId, {
          success: true,
          initContext: {
            sdkName: "office-sim",
            sdkVersion: "1.0",
            accountContext: {
              homeAccountId: offer.account.homeAccountId,
              environment: ENVIRONMENT,
              tenantId: offer.account.tenantId,
            },
            capabilities: { queryAccount: false },
          },
        });
      if (behaviour === "fail")
        return refuse(request.requestId, "PERSISTENT_ERROR", "broker_error", "The simulated broker is failing.");
      if (method === "GetToken") {
        if (behaviour !== "silent")
          return refuse(request.requestId, "USER_INTERACTION_REQUIRED", "interaction_required", "Consent is needed.");
        return tokenFor(request);
      }
      if (method === "GetTokenPopup") {
        if (behaviour === "cancel") return refuse(request.requestId, "USER_CANCEL", "user_cancel", "Closed.");
        return tokenFor(request);
      }
      refuse(request.requestId, "NESTED_APP_AUTH_UNAVAILABLE", "unsupported", `${method} is not simulated.`);
    },
  };
}

/** Office's error for a getAccessToken call: an object with code, name and message, as office.js rejects with. */
const officeAuthError = (code: number, name: string, message: string) => ({ code, name, message });

/** Whether the add-in's manifest has the WebApplicationInfo Office needs for getAccessToken (an Id and a Resource). */
function declaresWebApplication(manifestXml: string | undefined): boolean {
  // Read as text, not with DOMParser, so the check is the same in Node and in the page.
  const info = /<(?:\w+:)?WebApplicationInfo>([\s\S]*?)<\/(?:\w+:)?WebApplicationInfo>/.exec(manifestXml ?? "")?.[1];
  const text = (name: string) =>
    new RegExp(`<(?:\\w+:)?${name}>\\s*([^<]*?)\\s*</(?:\\w+:)?${name}>`).exec(info ?? "")?.[1] ?? "";
  return Boolean(text("Id") && text("Resource"));
}

/**
 * Office.auth, as office.js always has it: getAuthContext answers where nested app authentication is
 * offered, getAccessToken where IdentityAPI 1.3 is; elsewhere each rejects (getAccessToken with
 * 13000, "the version of Office does not support SSO"). `readManifest` gives the add-in's manifest
 * (none: as a manifest without WebApplicationInfo). INFERRED: what a real host puts in AuthContext's
 * loginHint (here the user principal name) and authorityBaseUrl, and getAuthContext's error where
 * NestedAppAuth 1.1 is missing.
 */
export function createOfficeAuth(
  signOn: SimulatedSignOn,
  record: (request: SignOnRequest) => void,
  readManifest: () => Promise<string | undefined> = async () => undefined,
): Record<"getAuthContext" | "getAccessToken", (options?: unknown) => Promise<unknown>> {
  const naa = signOn.nestedAppAuth;
  const offer = signOn.getAccessToken;
  return {
    getAuthContext: async () => {
      record({ via: "Office.auth", method: "getAuthContext" });
      if (!naa) throw officeAuthError(13012, "API Not Supported", "This host does not support NestedAppAuth 1.1.");
      return {
        userObjectId: naa.account.localAccountId,
        tenantId: naa.account.tenantId,
        userPrincipalName: naa.account.username,
        authorityType: "aad",
        authorityBaseUrl: `https://${ENVIRONMENT}`,
        loginHint: naa.account.username,
      };
    },
    getAccessToken: async (options) => {
      record({ via: "Office.auth", method: "getAccessToken", options: options ?? {} });
      if (!offer) throw officeAuthError(13000, "API Not Supported", "This host does not support IdentityAPI 1.3.");
      if (!declaresWebApplication(await readManifest().catch(() => undefined)))
        throw officeAuthError(13000, "API Not Supported", "The add-in's manifest has no WebApplicationInfo.");
      if (offer.error !== undefined)
        throw officeAuthError(offer.error, "Simulated", `The host answers ${offer.error}.`);
      return offer.token;
    },
  };
}
