import { parseDeploymentConfig } from "../../../src/core/config";
import { signOnPaths, type HostSignOnOffers } from "../../../src/core/gateway-sign-on";

const PAGE = "https://addin.example.org/taskpane.html";
const gateway = (extra: Record<string, unknown>) =>
  parseDeploymentConfig({ gateway: { url: "https://addin.example.org", ...extra } }, PAGE).gateway!;
const NAA = {
  clientId: "6f1c2a3b-0000-4000-8000-000000000001",
  apiScope: "api://addin.example.org/6f1c/access_as_user",
};
const offers = (nestedAppAuth: boolean, officeSso: boolean): HostSignOnOffers => ({ nestedAppAuth, officeSso });

describe("which sign-on paths the gateway card tries, in order", () => {
  test("a host with nested app authentication uses MSAL first, then Office's getAccessToken", () => {
    expect(signOnPaths(gateway({ singleSignOn: true, nestedAppAuth: NAA }), offers(true, true))).toEqual([
      "nested-app-auth",
      "office-sso",
    ]);
  });

  test("a host without it uses getAccessToken alone", () => {
    expect(signOnPaths(gateway({ singleSignOn: true, nestedAppAuth: NAA }), offers(false, true))).toEqual([
      "office-sso",
    ]);
  });

  test("a host offering neither leaves the gateway key", () => {
    expect(signOnPaths(gateway({ singleSignOn: true, nestedAppAuth: NAA }), offers(false, false))).toEqual([]);
  });

  test("nested app authentication needs the deployment's app registration and scope", () => {
    expect(signOnPaths(gateway({ singleSignOn: true }), offers(true, false))).toEqual([]);
    expect(signOnPaths(gateway({ singleSignOn: true }), offers(true, true))).toEqual(["office-sso"]);
  });

  test("a deployment without single sign-on offers only the key, whatever the host supports", () => {
    expect(signOnPaths(gateway({ nestedAppAuth: NAA }), offers(true, true))).toEqual([]);
    expect(signOnPaths(gateway({}), offers(true, true))).toEqual([]);
  });
});
