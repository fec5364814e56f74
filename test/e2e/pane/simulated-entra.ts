/**
 * Microsoft Entra's sign-in endpoints, as MSAL.js's browser flow meets them where Office brokers
 * nothing (Excel on the web): the authorize page, opened in MSAL's hidden frame (`prompt=none`,
 * ssoSilent) or its pop-up, and the token endpoint the pane then posts the code to. Answered in the
 * browser context through Playwright's routing, so nothing leaves the machine. As strict as the
 * directory where the add-in could go wrong: only the registered client id and single-page-
 * application redirect URIs, the gateway's scope, a login hint naming the signed-in user, and PKCE
 * (the code verifier must match the challenge) are accepted. Every authorize and token request is
 * recorded for the test to read. INFERRED: what Entra sends besides what MSAL reads.
 */
import { createHash, randomUUID } from "node:crypto";
import type { BrowserContext, Route } from "playwright-core";

const ENTRA = "https://login.microsoftonline.com";

export interface EntraAccount {
  username: string;
  name: string;
  oid: string;
  tid: string;
}

export interface SimulatedEntraOptions {
  clientId: string;
  /** The scope the app exposes (`api://…/access_as_user`); MSAL adds openid, profile and offline_access. */
  scope: string;
  /** The registration's single-page-application redirect URIs, for the page's origin. */
  redirectUris(origin: string): string[];
  account: EntraAccount;
  /** The browser holds an Entra session (false: third-party cookies blocked, or signed out: `prompt=none` fails). */
  session: boolean;
  /** What the user does in the pop-up: signs in, or closes it. */
  popup: "sign-in" | "close";
  accessToken(): Promise<string>;
  /** An ID token with these claims added (the request's nonce), signed as the directory signs. */
  idToken(claims: Record<string, unknown>): Promise<string>;
}

export interface AuthorizeAsk {
  prompt: string | null;
  loginHint: string | null;
  redirectUri: string | null;
  clientId: string | null;
  scope: string | null;
  /** What the directory did: a code, an error it redirected with, or a page it showed. */
  answer: string;
}

export interface SimulatedEntra {
  authorizeAsks: AuthorizeAsk[];
  tokenAsks: Array<{ clientId: string | null; redirectUri: string | null; grantType: string | null }>;
  stop(): Promise<void>;
}

const base64Url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

export async function simulateEntra(context: BrowserContext, options: SimulatedEntraOptions): Promise<SimulatedEntra> {
  const codes = new Map<string, { nonce: string | null; redirectUri: string; challenge: string | null }>();
  const authorizeAsks: AuthorizeAsk[] = [];
  const tokenAsks: SimulatedEntra["tokenAsks"] = [];
  const clientInfo = base64Url(JSON.stringify({ uid: options.account.oid, utid: options.account.tid }));

  const page = (route: Route, status: number, text: string) =>
    route.fulfill({ status, contentType: "text/html", body: `<!doctype html><title>Sign in</title><p>${text}</p>` });

  /** Entra's answer at the redirect URI, in the response mode MSAL asked for. */
  const redirect = (route: Route, redirectUri: string, mode: string | null, params: Record<string, string>) => {
    const answer = new URLSearchParams(params).toString();
    const location = mode === "query" ? `${redirectUri}?${answer}` : `${redirectUri}#${answer}`;
    return route.fulfill({ status: 302, headers: { location } });
  };

  async function authorize(route: Route, url: URL): Promise<void> {
    const q = url.searchParams;
    const ask: AuthorizeAsk = {
      prompt: q.get("prompt"),
      loginHint: q.get("login_hint"),
      redirectUri: q.get("redirect_uri"),
      clientId: q.get("client_id"),
      scope: q.get("scope"),
      answer: "",
    };
    authorizeAsks.push(ask);
    const state = q.get("state") ?? "";
    const redirectUri = ask.redirectUri ?? "";
    const origin = redirectUri.startsWith("http") ? new URL(redirectUri).origin : "";
    if (ask.clientId !== options.clientId) {
      ask.answer = "page: unknown application";
      return page(route, 400, `AADSTS700016: Application ${ask.clientId} was not found in the directory.`);
    }
    if (!options.redirectUris(origin).includes(redirectUri)) {
      ask.answer = "page: redirect URI not registered";
      return page(route, 400, `AADSTS50011: The redirect URI ${redirectUri} does not match the registered ones.`);
    }
    const fail = (error: string, description: string) => {
      ask.answer = `error: ${error}`;
      return redirect(route, redirectUri, q.get("response_mode"), { error, error_description: description, state });
    };
    if (!(ask.scope ?? "").split(" ").includes(options.scope)) return fail("invalid_scope", "AADSTS65005: scope.");
    if (ask.prompt === "none") {
      if (!options.session)
        return fail("login_required", "AADSTS50058: A silent sign-in request was sent but no user is signed in.");
      if (ask.loginHint && ask.loginHint !== options.account.username)
        return fail("login_required", "AADSTS50058: the hinted user is not signed in.");
    } else if (options.popup === "close") {
      // The user closes the window: a page that closes itself, as the window's close button does.
      ask.answer = "page: closed by the user";
      return route.fulfill({ status: 200, contentType: "text/html", body: "<script>window.close()</script>" });
    }
    const code = randomUUID();
    codes.set(code, { nonce: q.get("nonce"), redirectUri, challenge: q.get("code_challenge") });
    ask.answer = "code";
    return redirect(route, redirectUri, q.get("response_mode"), { code, state, client_info: clientInfo });
  }

  async function token(route: Route): Promise<void> {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*" };
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const form = new URLSearchParams(route.request().postData() ?? "");
    tokenAsks.push({
      clientId: form.get("client_id"),
      redirectUri: form.get("redirect_uri"),
      grantType: form.get("grant_type"),
    });
    const granted = codes.get(form.get("code") ?? "");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const refuse = (description: string) =>
      route.fulfill({
        status: 400,
        headers: cors,
        contentType: "application/json",
        body: JSON.stringify({ error: "invalid_grant", error_description: description }),
      });
    if (!granted || form.get("client_id") !== options.clientId) return refuse("AADSTS70000: unknown code.");
    if (granted.redirectUri !== form.get("redirect_uri")) return refuse("AADSTS50148: redirect URI differs.");
    if (granted.challenge !== challenge) return refuse("AADSTS501481: the code verifier does not match.");
    codes.delete(form.get("code")!);
    const idToken = await options.idToken(granted.nonce ? { nonce: granted.nonce } : {});
    return route.fulfill({
      status: 200,
      headers: cors,
      contentType: "application/json",
      body: JSON.stringify({
        token_type: "Bearer",
        scope: `${options.scope} openid profile offline_access`,
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: await options.accessToken(),
        id_token: idToken,
        client_info: clientInfo,
      }),
    });
  }

  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith("/oauth2/v2.0/authorize")) return authorize(route, url);
    if (url.pathname.endsWith("/oauth2/v2.0/token")) return token(route);
    return route.fulfill({ status: 404, contentType: "text/plain", body: `Not simulated: ${url.pathname}` });
  };
  await context.route(`${ENTRA}/**`, handler);
  return { authorizeAsks, tokenAsks, stop: () => context.unroute(`${ENTRA}/**`, handler) };
}
