/**
 * Signing in to the team gateway by whatever the Office host offers, in the pane in the simulated
 * host: nested app authentication (MSAL.js talking to the host's broker bridge) where the host has
 * it, else Office's getAccessToken, else the personal gateway key; a broken broker falls back to
 * getAccessToken. The tokens the simulated host hands out are Entra v2 access tokens (RS256, with
 * tid, oid, exp, aud, iss) signed by a key whose JWKS is served on loopback, and the gateway's own
 * authenticator must accept what each path stored.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from "jose";
import type { Page } from "playwright-core";
import { createAuthenticator, type Authenticate } from "../../../gateway/auth";
import { KeyStore } from "../../../gateway/keys";
import { offlineGatewayConfig } from "../../support/offline-gateway-config";
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, openView } from "./pane-helpers";

assertDistBuilt();

const TENANT = randomUUID();
const USER_OID = randomUUID();
/** One Entra app: the add-in's SPA registration (brk-multihub redirect) that also exposes the gateway's API scope. */
const APP_ID = randomUUID();
const SCOPE = `api://localhost/${APP_ID}/access_as_user`;
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`;
const USERNAME = "ana.lopez@contoso.example";
const KID = "test-signing-key";

let jwks: Server;
let jwksUrl: string;
let signingKey: KeyLike;
let authenticate: Authenticate;
let gatewayKey: string;
const tokens = { naaAccess: "", naaShort: "", naaId: "", officeAccess: "", forged: "" };

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

/** Filled once the tokens exist (the sessions read it when they start, after the beforeAll above). */
function hostOffering(offers: {
  nestedAppAuth?: "silent" | "prompt" | "fail";
  getAccessToken?: boolean;
  /** The first token granted runs out in two minutes; the next lasts an hour. */
  shortLivedFirst?: boolean;
}) {
  const simConfig: Record<string, unknown> = {};
  beforeAll(() => {
    simConfig.signOn = {
      ...(offers.nestedAppAuth
        ? {
            nestedAppAuth: {
              clientId: APP_ID,
              scope: SCOPE,
              accessToken: offers.shortLivedFirst ? [tokens.naaShort, tokens.naaAccess] : tokens.naaAccess,
              idToken: tokens.naaId,
              account,
              behaviour: offers.nestedAppAuth,
            },
          }
        : {}),
      ...(offers.getAccessToken ? { getAccessToken: { token: tokens.officeAccess } } : {}),
    };
  });
  return useAddinSession({ sandbox: false, configJson: gatewayConfig, simConfig });
}

const storedCredential = (page: Page) =>
  page.evaluate(() => OfficeRuntime.storage.getItem("ukco.credential.gateway")) as Promise<string | null>;

const signOnAsks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __officeSim: { signOnRequests(): Array<{ via: string; method: string }> } }).__officeSim
      .signOnRequests()
      .map((r) => `${r.via} ${r.method}`),
  );

async function signInWithMicrosoftAccount(page: Page): Promise<void> {
  const view = await openView(page, "Sign in and settings");
  await view.getByRole("button", { name: "Sign in with your Microsoft account" }).click();
  await view.getByText(/^Signed in to the team gateway with your Microsoft account/).waitFor({ timeout: 20_000 });
}

describe("a host with nested app authentication (and getAccessToken besides)", () => {
  const session = hostOffering({ nestedAppAuth: "prompt", getAccessToken: true });

  test("MSAL gets the gateway's scope through the host's broker, silently first, then with its prompt", async () => {
    const { page } = session.current;
    await signInWithMicrosoftAccount(page);
    expect(await storedCredential(page)).toBe(tokens.naaAccess);
    expect(await signOnAsks(page)).toEqual([
      "nestedAppAuthBridge GetInitContext",
      "nestedAppAuthBridge GetToken",
      "nestedAppAuthBridge GetTokenPopup",
    ]);
    const asked = await session.current.sim((api) => api.signOnRequests().filter((r) => r.method === "GetTokenPopup"));
    expect(asked[0]).toMatchObject({ clientId: APP_ID, scope: expect.stringContaining(SCOPE) });
    await session.current.page.getByText(`(${USERNAME})`).waitFor();
    await expectFitsAndAccessible(session.current);
  });

  test("the gateway accepts the token it yields, and not one signed by another key", async () => {
    const user = await authenticate(`Bearer ${await storedCredential(session.current.page)}`);
    expect(user).toMatch(/^sso:/);
    // The same person, whichever path signed them in.
    await expect(authenticate(`Bearer ${tokens.officeAccess}`)).resolves.toBe(user);
    await expect(authenticate(`Bearer ${tokens.forged}`)).rejects.toMatchObject({ reason: "bad-token" });
    await expectFitsAndAccessible(session.current);
  });
});

describe("a sign-on token about to run out", () => {
  const session = hostOffering({ nestedAppAuth: "silent", shortLivedFirst: true });

  test("is renewed silently through the broker at the next request, and the gateway accepts the new one", async () => {
    const { page } = session.current;
    await signInWithMicrosoftAccount(page);
    expect(await storedCredential(page)).toBe(tokens.naaShort);
    // Any request through the gateway asks for the credential first; this one cannot reach a gateway.
    await session.current.sim((api) => api.setCell("Sheet1!A1", [['=UKCO.FIELD("01234567","CompanyName")']]));
    const deadline = Date.now() + 20_000;
    while ((await storedCredential(page)) !== tokens.naaAccess && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedCredential(page)).toBe(tokens.naaAccess);
    const asks = await signOnAsks(page);
    expect(asks.filter((a) => a.endsWith("GetToken"))).toHaveLength(2);
    expect(asks.filter((a) => a.endsWith("GetTokenPopup"))).toEqual([]);
    await expect(authenticate(`Bearer ${tokens.naaAccess}`)).resolves.toMatch(/^sso:/);
    await expectFitsAndAccessible(session.current);
  });
});

describe("a host with getAccessToken only", () => {
  const session = hostOffering({ getAccessToken: true });

  test("Office's single sign-on is used, and the gateway accepts its token", async () => {
    const { page } = session.current;
    await signInWithMicrosoftAccount(page);
    const stored = await storedCredential(page);
    expect(stored).toBe(tokens.officeAccess);
    expect(await signOnAsks(page)).toEqual(["getAccessToken getAccessToken"]);
    await expect(authenticate(`Bearer ${stored}`)).resolves.toMatch(/^sso:/);
    await expectFitsAndAccessible(session.current);
  });
});

describe("a host whose broker fails", () => {
  const session = hostOffering({ nestedAppAuth: "fail", getAccessToken: true });

  test("falls back to getAccessToken after nested app authentication fails", async () => {
    const { page } = session.current;
    await signInWithMicrosoftAccount(page);
    expect(await storedCredential(page)).toBe(tokens.officeAccess);
    const asks = await signOnAsks(page);
    expect(asks[0]).toBe("nestedAppAuthBridge GetInitContext");
    expect(asks.at(-1)).toBe("getAccessToken getAccessToken");
    await expectFitsAndAccessible(session.current);
  });
});

describe("a host offering no single sign-on", () => {
  const session = hostOffering({});

  test("only the gateway key is offered, and the gateway accepts the key saved", async () => {
    const { page } = session.current;
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
    expect(await signOnAsks(page)).toEqual([]);
    await expectFitsAndAccessible(session.current);
  });

  test("a service address stored before the move to the gateway is shown as unused, and cleared", async () => {
    const { page } = session.current;
    await page.evaluate(() =>
      OfficeRuntime.storage.setItem(
        "ukco.settings.serviceUrls",
        JSON.stringify({ product: "https://old.example.org/api" }),
      ),
    );
    await session.current.reopen();
    const view = await openView(page, "Sign in and settings");
    const card = view.getByTestId("card-gateway-unused-addresses");
    await card.getByText(/still holds service addresses set before \(https:\/\/old\.example\.org\/api\)/).waitFor();
    await card.getByText(`the add-in reaches the services only at ${new URL(jwksUrl).origin}`).waitFor();
    await card.getByRole("button", { name: "Clear stored addresses" }).click();
    await card.waitFor({ state: "detached" });
    expect(await page.evaluate(() => OfficeRuntime.storage.getItem("ukco.settings.serviceUrls"))).toBe("{}");
    await expectFitsAndAccessible(session.current);
  });
});
