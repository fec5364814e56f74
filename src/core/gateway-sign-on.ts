/**
 * Signing in to the team gateway with the user's Microsoft account: which ways to try, in what
 * order, and what each answer means. It follows Microsoft's guidance (docs/ARCHITECTURE.md,
 * "Signing in to a team gateway", links each page):
 *
 * 1. Nested app authentication (MSAL.js, brokered by the host), which Office recommends, wherever
 *    the host has it (NestedAppAuth 1.1): the login hint from Office.auth.getAuthContext(), then
 *    acquireTokenSilent (MSAL's cache, then the broker), then ssoSilent with the hint (what Excel on
 *    the web needs), and only when the directory says the user must act, acquireTokenPopup.
 * 2. Office's getAccessToken (IdentityAPI 1.3), the older single sign-on, second.
 * 3. The personal gateway key, always offered besides, so not a way here.
 *
 * A way that fails hands over to the next; only the user closing or refusing a prompt stops there,
 * so nothing prompts again behind their back. Everything that touches MSAL or Office is the host's
 * (host/sso.ts); this file decides, so every path can be tested without either.
 */
import type { GatewayConfig } from "./config";

export type SignOnPath = "nested-app-auth" | "office-sso";

/** What the host says it supports (requirement sets NestedAppAuth 1.1 and IdentityAPI 1.3). */
export interface HostSignOnOffers {
  nestedAppAuth: boolean;
  officeSso: boolean;
}

export const SIGN_ON_PATH_WORDS: Record<SignOnPath, string> = {
  "nested-app-auth": "nested app authentication",
  "office-sso": "Office single sign-on",
};

/** The deployment set single sign-on up, with the app registration both ways need. */
export const signOnConfigured = (gateway: GatewayConfig): boolean =>
  gateway.singleSignOn && gateway.nestedAppAuth !== undefined;

export function signOnPaths(gateway: GatewayConfig, host: HostSignOnOffers): SignOnPath[] {
  // Both ways need the registration: MSAL asks for its scope, and getAccessToken needs the manifest's
  // WebApplicationInfo, which the build writes from it (without it Office answers 13000).
  if (!signOnConfigured(gateway)) return [];
  const paths: SignOnPath[] = [];
  if (host.nestedAppAuth) paths.push("nested-app-auth");
  if (host.officeSso) paths.push("office-sso");
  return paths;
}

/** MSAL.js's calls, in the order nested app authentication tries them. */
export type NestedAppAuthStep = "acquireTokenSilent" | "ssoSilent" | "acquireTokenPopup";

/**
 * Why a step gave no token, as the host reads MSAL's or Office's error: the directory needs the user
 * to act (sign in, consent), the user closed or refused the prompt, or anything else.
 */
export type SignOnFailureKind = "interaction-required" | "cancelled" | "failed";

export class SignOnStepError extends Error {
  override readonly name = "SignOnStepError";
  constructor(
    readonly kind: SignOnFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** The user closed or refused the sign-in prompt: no other way is tried behind their back. */
export class SignOnCancelled extends Error {
  override readonly name = "SignOnCancelled";
  constructor() {
    super("Sign-in was cancelled.");
  }
}

export interface SignOnToken {
  token: string;
  /** Who signed in, where the way says (MSAL's account). */
  username?: string;
}

export interface SignOn extends SignOnToken {
  path: SignOnPath;
}

/** The host's means of asking; each rejects with a SignOnStepError (anything else counts as "failed"). */
export interface SignOnHost {
  /** The signed-in user's name from Office.auth.getAuthContext(), where the host has it. */
  loginHint(): Promise<string | undefined>;
  nestedAppAuth(step: NestedAppAuthStep, loginHint: string | undefined): Promise<SignOnToken>;
  /** Office.auth.getAccessToken, with its sign-in and consent prompts allowed or not. */
  officeSso(prompt: boolean): Promise<string>;
}

const kindOf = (error: unknown): SignOnFailureKind => (error instanceof SignOnStepError ? error.kind : "failed");
const explain = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "object" && error ? JSON.stringify(error) : String(error);

async function viaNestedAppAuth(host: SignOnHost, prompt: boolean): Promise<SignOnToken> {
  const hint = await host.loginHint().catch(() => undefined);
  try {
    return await host.nestedAppAuth("acquireTokenSilent", hint);
  } catch {
    // Nothing cached for this account, or the broker wants more: the web's silent way comes next.
  }
  try {
    return await host.nestedAppAuth("ssoSilent", hint);
  } catch (error) {
    // Only what the user can fix is worth a prompt; a broken broker is handed to the next way.
    if (!prompt || kindOf(error) !== "interaction-required") throw error;
  }
  return host.nestedAppAuth("acquireTokenPopup", hint);
}

/**
 * A token for the gateway by the first way that works, or an error saying what each way answered.
 * Without `prompt` (renewing a token behind the user's back) no way may show anything.
 */
export async function signOnToGateway(
  gateway: GatewayConfig,
  offers: HostSignOnOffers,
  host: SignOnHost,
  { prompt = true }: { prompt?: boolean } = {},
): Promise<SignOn> {
  const paths = signOnPaths(gateway, offers);
  if (paths.length === 0) throw new Error("This Office host does not offer single sign-on here: use a gateway key.");
  const failures: string[] = [];
  for (const path of paths) {
    try {
      const signedIn =
        path === "nested-app-auth" ? await viaNestedAppAuth(host, prompt) : { token: await host.officeSso(prompt) };
      return { ...signedIn, path };
    } catch (error) {
      if (kindOf(error) === "cancelled") throw new SignOnCancelled();
      failures.push(`${SIGN_ON_PATH_WORDS[path]}: ${explain(error)}`);
    }
  }
  throw new Error(`Single sign-on did not work (${failures.join("; ")}). Sign in with your gateway key instead.`);
}
