/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
import { installOfficeSim } from "..";
import type { SimulatedSignOn } from "../office/sign-on";
import { newExcel } from "./fixtures";

const WITH_WEB_APPLICATION =
  "<OfficeApp><VersionOverrides><WebApplicationInfo><Id>app-1</Id><Resource>api://addin/app-1</Resource>" +
  "<Scopes><Scope>openid</Scope></Scopes></WebApplicationInfo></VersionOverrides></OfficeApp>";

const naa: NonNullable<SimulatedSignOn["nestedAppAuth"]> = {
  clientId: "app-1",
  scope: "api://addin/app-1/access_as_user",
  accessToken: "access.jwt.1",
  idToken: "id.jwt.1",
  account: { homeAccountId: "oid.tid", tenantId: "tid", localAccountId: "oid", username: "ana@contoso.example" },
};

/** Posts one request to the bridge as MSAL's BridgeProxy does and waits for the answer to it. */
function ask(bridge: any, method: string, tokenParams?: Record<string, string>): Promise<any> {
  const requestId = `${method}-${Math.random()}`;
  return new Promise((resolve) => {
    bridge.addEventListener("message", (event: { data: string }) => {
      const answer = JSON.parse(event.data);
      if (answer.requestId === requestId) resolve(answer);
    });
    bridge.postMessage(JSON.stringify({ messageType: "NestedAppAuthRequest", method, requestId, tokenParams }));
  });
}

describe("the host's single sign-on", () => {
  it("offers none by default: no requirement set, no bridge, and getAccessToken answers 13000", async () => {
    const target: Record<string, unknown> = {};
    const { globals } = installOfficeSim(target, newExcel(), { readManifest: async () => WITH_WEB_APPLICATION });
    const Office = globals.Office as any;
    expect(Office.context.requirements.isSetSupported("NestedAppAuth", "1.1")).toBe(false);
    expect(Office.context.requirements.isSetSupported("IdentityAPI", "1.3")).toBe(false);
    expect(target.nestedAppAuthBridge).toBeUndefined();
    await expect(Office.auth.getAccessToken()).rejects.toMatchObject({ code: 13000 });
    await expect(Office.auth.getAuthContext()).rejects.toMatchObject({ name: "API Not Supported" });
  });

  it("answers getAccessToken with the configured token, under IdentityAPI 1.3, and records the ask", async () => {
    const host = installOfficeSim({}, newExcel(), {
      signOn: { getAccessToken: { token: "office.jwt" } },
      readManifest: async () => WITH_WEB_APPLICATION,
    });
    const Office = host.globals.Office as any;
    expect(Office.context.requirements.isSetSupported("IdentityAPI", "1.3")).toBe(true);
    await expect(Office.auth.getAccessToken({ allowSignInPrompt: true })).resolves.toBe("office.jwt");
    expect(host.signOnRequests).toEqual([
      { via: "Office.auth", method: "getAccessToken", options: { allowSignInPrompt: true } },
    ]);
  });

  it.each([
    ["a manifest without WebApplicationInfo", "<OfficeApp><VersionOverrides /></OfficeApp>"],
    ["WebApplicationInfo without a Resource", "<WebApplicationInfo><Id>app-1</Id></WebApplicationInfo>"],
    ["no manifest at all", undefined],
  ])("answers getAccessToken with 13000 for %s, as Office does", async (_, manifest) => {
    const host = installOfficeSim({}, newExcel(), {
      signOn: { getAccessToken: { token: "office.jwt" } },
      readManifest: async () => manifest,
    });
    await expect((host.globals.Office as any).auth.getAccessToken()).rejects.toMatchObject({ code: 13000 });
  });

  it("answers getAccessToken with the Office error the test gives the host (13001: not signed in)", async () => {
    const host = installOfficeSim({}, newExcel(), {
      signOn: { getAccessToken: { token: "office.jwt", error: 13001 } },
      readManifest: async () => WITH_WEB_APPLICATION,
    });
    await expect((host.globals.Office as any).auth.getAccessToken()).rejects.toMatchObject({ code: 13001 });
  });

  it("gives the signed-in user as the login hint from getAuthContext, under NestedAppAuth 1.1", async () => {
    const host = installOfficeSim({}, newExcel(), { signOn: { nestedAppAuth: naa } });
    const Office = host.globals.Office as any;
    await expect(Office.auth.getAuthContext()).resolves.toMatchObject({
      userPrincipalName: "ana@contoso.example",
      tenantId: "tid",
      userObjectId: "oid",
      authorityType: "aad",
    });
    expect(host.signOnRequests).toEqual([{ via: "Office.auth", method: "getAuthContext" }]);
  });

  it("brokers nothing on the web: NestedAppAuth 1.1 and getAuthContext, but no bridge", async () => {
    const target: Record<string, any> = {};
    const host = installOfficeSim(target, newExcel(), { signOn: { nestedAppAuth: { ...naa, broker: "browser" } } });
    const Office = host.globals.Office as any;
    expect(Office.context.requirements.isSetSupported("NestedAppAuth", "1.1")).toBe(true);
    expect(target.nestedAppAuthBridge).toBeUndefined();
    await expect(Office.auth.getAuthContext()).resolves.toMatchObject({ userPrincipalName: "ana@contoso.example" });
  });

  it("brokers nested app authentication for its app registration and scope only", async () => {
    const target: Record<string, any> = {};
    const host = installOfficeSim(target, newExcel(), { signOn: { nestedAppAuth: naa } });
    expect((host.globals.Office as any).context.requirements.isSetSupported("NestedAppAuth", "1.1")).toBe(true);
    const bridge = target.nestedAppAuthBridge;

    const init = await ask(bridge, "GetInitContext");
    expect(init).toMatchObject({ success: true, initContext: { accountContext: { tenantId: "tid" } } });
    const granted = await ask(bridge, "GetToken", {
      clientId: "app-1",
      scope: `${naa.scope} openid`,
      platformBrokerId: "oid.tid",
    });
    expect(granted).toMatchObject({
      success: true,
      token: { access_token: "access.jwt.1", id_token: "id.jwt.1" },
      account: { username: "ana@contoso.example", environment: "login.microsoftonline.com" },
    });
    const otherApp = await ask(bridge, "GetToken", { clientId: "app-2", scope: naa.scope });
    expect(otherApp).toMatchObject({ success: false, error: { status: "PERSISTENT_ERROR", code: "invalid_client" } });
    const otherScope = await ask(bridge, "GetToken", { clientId: "app-1", scope: "User.Read" });
    expect(otherScope).toMatchObject({ success: false, error: { code: "invalid_scope" } });
    expect(host.signOnRequests.map((r) => r.method)).toEqual(["GetInitContext", "GetToken", "GetToken", "GetToken"]);
    expect(host.signOnRequests[1]).toMatchObject({ clientId: "app-1", account: "oid.tid" });
  });

  it("asks for interaction before its prompt answers, and can fail or be cancelled", async () => {
    const prompt: Record<string, any> = {};
    installOfficeSim(prompt, newExcel(), { signOn: { nestedAppAuth: { ...naa, behaviour: "prompt" } } });
    const params = { clientId: "app-1", scope: naa.scope };
    expect(await ask(prompt.nestedAppAuthBridge, "GetToken", params)).toMatchObject({
      success: false,
      error: { status: "USER_INTERACTION_REQUIRED" },
    });
    expect(await ask(prompt.nestedAppAuthBridge, "GetTokenPopup", params)).toMatchObject({ success: true });

    const cancel: Record<string, any> = {};
    installOfficeSim(cancel, newExcel(), { signOn: { nestedAppAuth: { ...naa, behaviour: "cancel" } } });
    expect(await ask(cancel.nestedAppAuthBridge, "GetTokenPopup", params)).toMatchObject({
      error: { status: "USER_CANCEL" },
    });

    const broken: Record<string, any> = {};
    installOfficeSim(broken, newExcel(), { signOn: { nestedAppAuth: { ...naa, behaviour: "fail" } } });
    expect(await ask(broken.nestedAppAuthBridge, "GetTokenPopup", params)).toMatchObject({
      error: { status: "PERSISTENT_ERROR" },
    });
  });
});
