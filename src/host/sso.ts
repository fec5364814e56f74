/**
 * Signing in to the team gateway with the Office user's Microsoft account, by the paths
 * core/gateway-sign-on.ts picks from what this host offers: nested app authentication first
 * (MSAL.js's nestable client, brokered by the host: silently, else with the host's own prompt),
 * then Office.auth.getAccessToken. A path that fails hands over to the next; a user who cancels
 * stops there. Where nothing works, or the host offers nothing, the user signs in with a gateway
 * key. MSAL is fetched only when its path is taken, so it adds nothing to the page's start-up.
 */
import type { AuthenticationResult, IPublicClientApplication } from "@azure/msal-browser";
import type { GatewayConfig } from "../core/config";
import { signOnPaths, type HostSignOnOffers, type SignOnPath } from "../core/gateway-sign-on";

type NestedAppAuthConfig = NonNullable<GatewayConfig["nestedAppAuth"]>;

export interface SignOn {
  token: string;
  path: SignOnPath;
  /** Who signed in, where the path says (MSAL's account). */
  username?: string;
}

/** The user closed or refused the sign-in prompt: no other path is tried behind their back. */
export class SignOnCancelled extends Error {
  override readonly name = "SignOnCancelled";
  constructor() {
    super("Sign-in was cancelled.");
  }
}

/** Work and school accounts: the gateway admits tenants on its allow-list, never personal accounts. */
const DEFAULT_AUTHORITY = "https://login.microsoftonline.com/organizations";
/** getAccessToken's codes for a user who dismissed the sign-in or consent prompt. */
const OFFICE_CANCEL_CODES = new Set([13001, 13002]);
const MSAL_CANCEL_CODES = new Set(["user_cancelled", "user_canceled"]);

export const SIGN_ON_PATH_WORDS: Record<SignOnPath, string> = {
  "nested-app-auth": "nested app authentication",
  "office-sso": "Office single sign-on",
};

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
  const key = `${naa.clientId} ${authority}`;
  if (msalClient?.key !== key) {
    const client = import(/* webpackChunkName: "msal" */ "@azure/msal-browser").then((msal) =>
      msal.createNestablePublicClientApplication({ auth: { clientId: naa.clientId, authority } }),
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

async function viaNestedAppAuth(naa: NestedAppAuthConfig, prompt: boolean): Promise<SignOn> {
  const client = await nestableClient(naa);
  const request = { scopes: [naa.apiScope] };
  let result: AuthenticationResult;
  try {
    result = await client.acquireTokenSilent(request);
  } catch (silentError) {
    if (!prompt) throw silentError;
    // Not cached and not silently available (consent, a new account): the host prompts.
    try {
      result = await client.acquireTokenPopup(request);
    } catch (error) {
      if (MSAL_CANCEL_CODES.has(String(errorCode(error)))) throw new SignOnCancelled();
      throw error;
    }
  }
  return {
    token: result.accessToken,
    path: "nested-app-auth",
    ...(result.account?.username ? { username: result.account.username } : {}),
  };
}

async function viaOfficeSso(prompt: boolean): Promise<SignOn> {
  try {
    const token = await officeAuth()!.getAccessToken({
      allowSignInPrompt: prompt,
      allowConsentPrompt: prompt,
      forMSGraphAccess: false,
    });
    return { token, path: "office-sso" };
  } catch (error) {
    if (OFFICE_CANCEL_CODES.has(Number(errorCode(error)))) throw new SignOnCancelled();
    throw error;
  }
}

const explain = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "object" && error ? JSON.stringify(error) : String(error);

/**
 * A token for the gateway by the first path that works, or an error saying what each path
 * answered. Without `prompt` (renewing a token behind the user's back) no path may show anything.
 */
export async function gatewaySignOn(
  gateway: GatewayConfig,
  { offers = hostSignOnOffers(), prompt = true }: { offers?: HostSignOnOffers; prompt?: boolean } = {},
): Promise<SignOn> {
  const paths = signOnPaths(gateway, offers);
  if (paths.length === 0) throw new Error("This Office host does not offer single sign-on here: use a gateway key.");
  const failures: string[] = [];
  for (const path of paths) {
    try {
      return path === "nested-app-auth"
        ? await viaNestedAppAuth(gateway.nestedAppAuth!, prompt)
        : await viaOfficeSso(prompt);
    } catch (error) {
      if (error instanceof SignOnCancelled) throw error;
      failures.push(`${SIGN_ON_PATH_WORDS[path]}: ${explain(error)}`);
    }
  }
  throw new Error(`Single sign-on did not work (${failures.join("; ")}). Sign in with your gateway key instead.`);
}
