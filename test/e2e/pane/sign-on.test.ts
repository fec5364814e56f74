/**
 * Signing in to the team gateway by whatever the Office host offers, in the pane in the simulated
 * host, as a table of hosts: nested app authentication brokered by the host (Excel on Windows and
 * Mac), MSAL's browser sign-in with Entra (Excel on the web: login hint from getAuthContext, then
 * ssoSilent in a hidden frame, then a pop-up, both answered on the add-in's sign-in page),
 * Office's getAccessToken (which needs the manifest's WebApplicationInfo), and the personal key.
 * Each row checks the calls made, in Microsoft's order, what the pane says, and what it stored; the
 * tokens are Entra v2 access tokens (RS256, with tid, oid, exp, aud, iss) signed by a key whose JWKS
 * is served on loopback, and the gateway's own authenticator must accept what each way stored.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from "jose";
import type { Page, Request } from "playwright-core";
import { createAuthenticator, type Authenticate } from "../../../gateway/auth";
import { KeyStore } from "../../../gateway/keys";
import { offlineGatewayConfig } from "../../support/offline-gateway-config";
import { assertDistBuilt, DIST_DIR, useAddinSession, type AddinSession } from "../harness";
import { expectFitsAndAccessible, openView } from "./pane-helpers";
import { simulateEntra, type SimulatedEntra } from "./simulated-entra";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { withWebApplicationInfo } = require("../../../scripts/lib/manifest.cjs") as {
  withWebApplicationInfo(xml: string, registration: { clientId: string; apiScope: string }, url: string): string;
};

assertDistBuilt();
assertDistBuilt("sign-in.html");

const TENANT = randomUUID();
const USER_OID = randomUUID();
/** One Entra app: the add-in's SPA registration that also exposes the gateway's API scope. */
const APP_ID = randomUUID();
const SCOPE = `api://localhost/${APP_ID}/access_as_user`;
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`;
const USERNAME = "ana.lopez@contoso.example";
const KID = "test-signing-key";
/** The manifest the build writes for this registration (its WebApplicationInfo), served beside the built one. */
const SSO_MANIFEST = "sso-manifest.xml";

let jwks: Server;
let jwksUrl: string;
let signingKey: KeyLike;
let authenticate: Authenticate;
let gatewayKey: string;
const tokens = { naaAccess: "", naaShort: "", naaId: "", officeAccess: "", webAccess: "", forged: "" };

/** An Entra v2 access (or ID) token's claims, as the directory signs them. */
async function mint(key: KeyLike, claims: Record<string, unknown>, lifetimeSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    tid: TENANT,
    oid: USER_OID,
    ver: "2.0",
    preferred_username: USERNAME,
    name: "Ana Lopez",
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(APP_ID)
    .setSubject(`sub-${USER_OID}`)
    .setIssuedAt(now)
    .setNotBefore(now - 60)
    .setExpirationTime(now + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
}

// Declared before the sessions: their simulated hosts are configured with the tokens minted here.
beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  jwks = createServer((request, response) => {
    if (request.url === "/discovery/v2.0/keys") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [publicJwk] }));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const { port } = jwks.address() as { port: number };
  jwksUrl = `http://127.0.0.1:${port}/discovery/v2.0/keys`;

  tokens.naaAccess = await mint(signingKey, { scp: "access_as_user", azp: APP_ID, uti: "naa" });
  tokens.naaShort = await mint(signingKey, { scp: "access_as_user", azp: APP_ID, uti: "naa-short" }, 120);
  tokens.naaId = await mint(signingKey, { uti: "naa-id" });
  tokens.officeAccess = await mint(signingKey, { scp: "access_as_user", azp: "office-host", uti: "office-sso" });
  tokens.webAccess = await mint(signingKey, { scp: "access_as_user", azp: APP_ID, uti: "web" });
  tokens.forged = await mint((await generateKeyPair("RS256")).privateKey, { scp: "access_as_user" });

  const keysFile = path.join(mkdtempSync(path.join(tmpdir(), "ukgw-sign-on-")), "keys.json");
  const keyStore = new KeyStore(keysFile);
  gatewayKey = keyStore.add("analyst");
  authenticate = createAuthenticator(
    offlineGatewayConfig({ keysFile, entra: { jwksUrl, issuer: ISSUER, audience: APP_ID, tenants: [TENANT] } }),
    keyStore,
  );
});

afterAll(async () => {
  await new Promise((resolve) => jwks?.close(resolve));
});

const gatewayConfig = () => ({
  gateway: {
    url: new URL(jwksUrl).origin,
    singleSignOn: true,
    nestedAppAuth: { clientId: APP_ID, apiScope: SCOPE },
  },
});

const account = {
  homeAccountId: `${USER_OID}.${TENANT}`,
  tenantId: TENANT,
  localAccountId: USER_OID,
  username: USERNAME,
  name: "Ana Lopez",
};

/** What a row's host offers. */
interface HostOffer {
  /** Nested app authentication: brokered by the host, with the bridge's behaviour, or the web's browser sign-in. */
  nestedAppAuth?: "silent" | "prompt" | "cancel" | "fail" | "browser";
  /** Office's getAccessToken, answering its token or an Office error code. */
  getAccessToken?: "token" | number;
  /** The manifest the host reads: the build's for this registration, or the default build's (no WebApplicationInfo). */
  manifest?: "with WebApplicationInfo" | "without";
  /** The first token granted runs out in two minutes; the next lasts an hour. */
  shortLivedFirst?: boolean;
}

function signOnConfig(offer: HostOffer): Record<string, unknown> {
  const naa = offer.nestedAppAuth;
  return {
    ...(naa
      ? {
          nestedAppAuth: {
            clientId: APP_ID,
            scope: SCOPE,
            accessToken: offer.shortLivedFirst ? [tokens.naaShort, tokens.naaAccess] : tokens.naaAccess,
            idToken: tokens.naaId,
            account,
            ...(naa === "browser" ? { broker: "browser" } : { behaviour: naa }),
          },
        }
      : {}),
    ...(offer.getAccessToken !== undefined
      ? {
          getAccessToken: {
            token: tokens.officeAccess,
            ...(typeof offer.getAccessToken === "number" ? { error: offer.getAccessToken } : {}),
          },
        }
      : {}),
  };
}

const session = useAddinSession({ sandbox: false, configJson: gatewayConfig, simConfig: {} });

beforeAll(async () => {
  // The manifest a gateway build with this registration writes, made by the build's own code.
  const built = readFileSync(path.join(DIST_DIR, "manifest.xml"), "utf8");
  const manifest = withWebApplicationInfo(built, { clientId: APP_ID, apiScope: SCOPE }, "https://localhost/");
  await session.current.context.route(`**/${SSO_MANIFEST}`, (route) =>
    route.fulfill({ status: 200, contentType: "application/xml", body: manifest }),
  );
});

/** Opens the pane afresh (nothing stored, no MSAL cache) in a host offering `offer`. */
async function openHost(s: AddinSession, offer: HostOffer): Promise<void> {
  const { page } = s;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const url = new URL(s.url);
  url.searchParams.set(
    "officeSim",
    JSON.stringify({
      signOn: signOnConfig(offer),
      ...(offer.manifest === "with WebApplicationInfo" ? { manifestUrl: `./${SSO_MANIFEST}` } : {}),
    }),
  );
  await page.goto(url.href, { waitUntil: "load" });
  await page.evaluate("window.__officeSim.ready");
}

const storedCredential = (page: Page) =>
  page.evaluate(() => OfficeRuntime.storage.getItem("ukco.credential.gateway")) as Promise<string | null>;

const signOnAsks = (s: AddinSession) =>
  s.sim((api) => api.signOnRequests().map((r) => (r.via === "Office.auth" ? r.method : `bridge ${r.method}`)));

/** Clicks "Sign in with your Microsoft account" and returns what the card then says. */
async function signInWithMicrosoftAccount(page: Page): Promise<string> {
  const view = await openView(page, "Sign in and settings");
  await view.getByRole("button", { name: "Sign in with your Microsoft account" }).click();
  const outcome = view.getByTestId("card-gateway-intro").locator('[data-testid="done-bar"], [data-testid="error-bar"]');
  await outcome.waitFor({ timeout: 30_000 });
  return (await outcome.innerText()).replace(/\s+/g, " ").trim();
}

const SIGNED_IN = `Signed in to the team gateway with your Microsoft account (${USERNAME}).`;
const CANCELLED = "Sign-in was cancelled; nothing changed.";
const BROKERED = ["getAuthContext", "bridge GetInitContext", "bridge GetToken", "bridge GetToken"];

describe.each<{
  row: string;
  offer: HostOffer;
  asks: string[];
  says: string | RegExp;
  stored: keyof typeof tokens | null;
}>([
  {
    row: "brokered, consent needed: acquireTokenSilent, ssoSilent, then the host's prompt",
    offer: { nestedAppAuth: "prompt", getAccessToken: "token", manifest: "with WebApplicationInfo" },
    asks: [...BROKERED, "bridge GetTokenPopup"],
    says: SIGNED_IN,
    stored: "naaAccess",
  },
  {
    row: "brokered, already consented: acquireTokenSilent alone",
    offer: { nestedAppAuth: "silent" },
    asks: ["getAuthContext", "bridge GetInitContext", "bridge GetToken"],
    says: SIGNED_IN,
    stored: "naaAccess",
  },
  {
    row: "a broken broker: no prompt, getAccessToken next",
    offer: { nestedAppAuth: "fail", getAccessToken: "token", manifest: "with WebApplicationInfo" },
    asks: [...BROKERED, "getAccessToken"],
    says: "Signed in to the team gateway with your Microsoft account.",
    stored: "officeAccess",
  },
  {
    row: "the user closes the host's prompt: stopped, getAccessToken not asked",
    offer: { nestedAppAuth: "cancel", getAccessToken: "token", manifest: "with WebApplicationInfo" },
    asks: [...BROKERED, "bridge GetTokenPopup"],
    says: CANCELLED,
    stored: null,
  },
  {
    row: "getAccessToken only, with the build's WebApplicationInfo",
    offer: { getAccessToken: "token", manifest: "with WebApplicationInfo" },
    asks: ["getAccessToken"],
    says: "Signed in to the team gateway with your Microsoft account.",
    stored: "officeAccess",
  },
  {
    row: "getAccessToken only, a manifest without WebApplicationInfo: Office's 13000, and the key",
    offer: { getAccessToken: "token", manifest: "without" },
    asks: ["getAccessToken"],
    says: /did not work .*does not support it \(13000\)\)\. Sign in with your gateway key instead/,
    stored: null,
  },
  {
    row: "getAccessToken's 13001 (not signed in to Office) is no cancel: the user is told, and offered the key",
    offer: { getAccessToken: 13001, manifest: "with WebApplicationInfo" },
    asks: ["getAccessToken"],
    says: /did not work \(Office single sign-on: you are not signed in to Office \(13001\)\)\. Sign in with your gateway key/,
    stored: null,
  },
  {
    row: "getAccessToken's 13002 (the user cancelled): stopped",
    offer: { getAccessToken: 13002, manifest: "with WebApplicationInfo" },
    asks: ["getAccessToken"],
    says: CANCELLED,
    stored: null,
  },
])("$row", ({ offer, asks, says, stored }) => {
  test("asks the host in Microsoft's order, says what happened, and stores what the gateway accepts", async () => {
    const s = session.current;
    await openHost(s, offer);
    const said = await signInWithMicrosoftAccount(s.page);
    if (typeof says === "string") expect(said).toContain(says);
    else expect(said).toMatch(says);
    expect(await signOnAsks(s)).toEqual(asks);
    const credential = await storedCredential(s.page);
    expect(credential).toBe(stored ? tokens[stored] : null);
    if (stored) {
      const user = await authenticate(`Bearer ${credential}`);
      expect(user).toBe(`sso:${TENANT}:${USER_OID}`);
    } else await s.page.getByLabel("Gateway key").waitFor();
    await expectFitsAndAccessible(s);
  });
});

describe.each<{
  row: string;
  entraSession: boolean;
  popup: "sign-in" | "close";
  authorize: Array<{ prompt: string | null; answer: string }>;
  says: string;
  stored: boolean;
  /** The prompt went through the add-in's relay page (the pane is a frame of Office's page). */
  relayed: boolean;
}>([
  {
    row: "Excel on the web, signed in to Microsoft 365 in the browser: ssoSilent with the login hint, no prompt",
    entraSession: true,
    popup: "sign-in",
    authorize: [{ prompt: "none", answer: "code" }],
    says: SIGNED_IN,
    stored: true,
    relayed: false,
  },
  {
    row: "Excel on the web without a session Entra can see: the silent frame says so, then the pop-up",
    entraSession: false,
    popup: "sign-in",
    authorize: [
      { prompt: "none", answer: "error: login_required" },
      { prompt: null, answer: "code" },
    ],
    says: SIGNED_IN,
    stored: true,
    relayed: true,
  },
  {
    row: "Excel on the web, the user closes the pop-up: stopped",
    entraSession: false,
    popup: "close",
    authorize: [
      { prompt: "none", answer: "error: login_required" },
      { prompt: null, answer: "page: closed by the user" },
    ],
    says: CANCELLED,
    stored: false,
    relayed: true,
  },
])("$row", ({ entraSession, popup, authorize, says, stored, relayed }) => {
  let entra: SimulatedEntra;
  const pagesAsked: string[] = [];
  const recordPage = (request: Request) => void pagesAsked.push(new URL(request.url()).pathname);
  beforeAll(async () => {
    session.current.context.on("request", recordPage);
    entra = await simulateEntra(session.current.context, {
      clientId: APP_ID,
      scope: SCOPE,
      // gateway/DEPLOY.md's registration: the broker's, and the sign-in page for the web.
      redirectUris: (origin) => [`brk-multihub://${new URL(origin).host}`, `${origin}/sign-in.html`],
      account: { username: USERNAME, name: "Ana Lopez", oid: USER_OID, tid: TENANT },
      session: entraSession,
      popup,
      accessToken: async () => tokens.webAccess,
      idToken: (claims) => mint(signingKey, claims),
    });
  });
  afterAll(async () => {
    session.current.context.off("request", recordPage);
    await entra?.stop();
  });

  test("MSAL asks Entra with getAuthContext's hint at the sign-in page, and the gateway accepts the token", async () => {
    const s = session.current;
    await openHost(s, { nestedAppAuth: "browser" });
    expect(await signInWithMicrosoftAccount(s.page)).toContain(says);
    // No broker: only the login hint is asked of Office; the rest is the browser's, with Entra.
    expect(await signOnAsks(s)).toEqual(["getAuthContext"]);
    const origin = new URL(s.url).origin;
    expect(pagesAsked.includes("/sign-in-relay.html")).toBe(relayed);
    expect(entra.authorizeAsks.map(({ prompt, answer }) => ({ prompt, answer }))).toEqual(authorize);
    for (const ask of entra.authorizeAsks)
      expect(ask).toMatchObject({
        clientId: APP_ID,
        loginHint: USERNAME,
        redirectUri: `${origin}/sign-in.html`,
        scope: expect.stringContaining(SCOPE),
      });
    const credential = await storedCredential(s.page);
    if (stored) {
      expect(entra.tokenAsks).toEqual([
        { clientId: APP_ID, redirectUri: `${origin}/sign-in.html`, grantType: "authorization_code" },
      ]);
      expect(credential).toBe(tokens.webAccess);
      await expect(authenticate(`Bearer ${credential}`)).resolves.toBe(`sso:${TENANT}:${USER_OID}`);
    } else expect(credential).toBeNull();
    await expectFitsAndAccessible(s);
  });
});

describe("the gateway's authenticator", () => {
  test("accepts the same person whichever way signed them in, and refuses a token signed by another key", async () => {
    const user = await authenticate(`Bearer ${tokens.naaAccess}`);
    expect(user).toMatch(/^sso:/);
    await expect(authenticate(`Bearer ${tokens.officeAccess}`)).resolves.toBe(user);
    await expect(authenticate(`Bearer ${tokens.webAccess}`)).resolves.toBe(user);
    await expect(authenticate(`Bearer ${tokens.forged}`)).rejects.toMatchObject({ reason: "bad-token" });
  });
});

describe("a sign-on token about to run out", () => {
  test("is renewed silently through the broker at the next request, and the gateway accepts the new one", async () => {
    const s = session.current;
    const { page } = s;
    await openHost(s, { nestedAppAuth: "silent", shortLivedFirst: true });
    expect(await signInWithMicrosoftAccount(page)).toContain(SIGNED_IN);
    expect(await storedCredential(page)).toBe(tokens.naaShort);
    // Any request through the gateway asks for the credential first; this one cannot reach a gateway.
    await s.sim((api) => api.setCell("Sheet1!A1", [['=UKCO.FIELD("01234567","CompanyName")']]));
    const deadline = Date.now() + 20_000;
    while ((await storedCredential(page)) !== tokens.naaAccess && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedCredential(page)).toBe(tokens.naaAccess);
    const asks = await signOnAsks(s);
    expect(asks.filter((a) => a.endsWith("GetTokenPopup"))).toEqual([]);
    await expect(authenticate(`Bearer ${tokens.naaAccess}`)).resolves.toMatch(/^sso:/);
    await expectFitsAndAccessible(s);
  });
});

describe("a host offering no single sign-on", () => {
  test("only the gateway key is offered, and the gateway accepts the key saved", async () => {
    const s = session.current;
    const { page } = s;
    await openHost(s, {});
    const view = await openView(page, "Sign in and settings");
    await view.getByLabel("Gateway key").waitFor();
    expect(await view.getByRole("button", { name: "Sign in with your Microsoft account" }).count()).toBe(0);
    await view
      .getByText("This Office does not offer single sign-on to add-ins: sign in with your gateway key.")
      .waitFor();
    await view.getByLabel("Gateway key").fill(gatewayKey);
    await view.getByRole("button", { name: "Save" }).click();
    await view.getByText(/^Saved\./).waitFor();
    const stored = await storedCredential(page);
    expect(stored).toBe(gatewayKey);
    await expect(authenticate(`Bearer ${stored}`)).resolves.toBe("analyst");
    expect(await signOnAsks(s)).toEqual([]);
    await expectFitsAndAccessible(s);
  });

  test("a service address stored before the move to the gateway is shown as unused, and cleared", async () => {
    const s = session.current;
    const { page } = s;
    await page.evaluate(() =>
      OfficeRuntime.storage.setItem(
        "ukco.settings.serviceUrls",
        JSON.stringify({ product: "https://old.example.org/api" }),
      ),
    );
    await s.reopen();
    const view = await openView(page, "Sign in and settings");
    const card = view.getByTestId("card-gateway-unused-addresses");
    await card.getByText(/still holds service addresses set before \(https:\/\/old\.example\.org\/api\)/).waitFor();
    await card.getByText(`the add-in reaches the services only at ${new URL(jwksUrl).origin}`).waitFor();
    await card.getByRole("button", { name: "Clear stored addresses" }).click();
    await card.waitFor({ state: "detached" });
    expect(await page.evaluate(() => OfficeRuntime.storage.getItem("ukco.settings.serviceUrls"))).toBe("{}");
    await expectFitsAndAccessible(s);
  });
});
