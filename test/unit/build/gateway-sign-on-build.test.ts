/**
 * The build's `--env` for a gateway deployment with single sign-on writes a config.json the add-in
 * reads back as the deployment meant, and a manifest whose WebApplicationInfo lets Office's
 * getAccessToken work (without it Office answers 13000); a registration either way cannot use is
 * refused at build time rather than at the user's first sign-in.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDeploymentConfig } from "../../../src/core/config";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateManifest, schemaDirectory } = require("../../../scripts/lib/validate-manifest.cjs");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpackConfig = require("../../../webpack.config.js") as (
  env: Record<string, string>,
  argv: Record<string, string>,
) => {
  plugins: Array<{
    constructor: { name: string };
    patterns?: Array<{ to?: string; transform?: (content: Buffer) => string }>;
    userOptions?: { filename?: string; templateParameters?: Record<string, string> };
  }>;
};

const ROOT = path.resolve(__dirname, "../../..");
const PAGE = "https://addin.example.org/taskpane.html";
const CLIENT_ID = "6f1c2a3b-0000-4000-8000-000000000001";
const SSO_ENV = {
  url: "https://addin.example.org/",
  gateway: "https://addin.example.org",
  ssoClientId: CLIENT_ID,
  ssoScope: `api://addin.example.org/${CLIENT_ID}/access_as_user`,
};
const withSchemas = existsSync(path.join(schemaDirectory(), "OfficeAppManifestV1_1.xsd")) ? test : test.skip;

/** What the build writes for a file it copies, by the transform webpack runs. */
function built(env: Record<string, string>, file: "config.json" | "manifest.xml"): string {
  const copy = webpackConfig(env, { mode: "production" }).plugins.find((p) => p.constructor.name === "CopyPlugin");
  const pattern = copy?.patterns?.find((p) => p.to === file);
  // The manifest is made from the development one; config.json from the options alone.
  return pattern!.transform!(readFileSync(path.join(ROOT, "manifest.xml")));
}
const builtConfigJson = (env: Record<string, string>): unknown => JSON.parse(built(env, "config.json"));

/** The WebApplicationInfo element's children, as Office reads them. */
function webApplicationInfo(manifest: string) {
  const block = /<WebApplicationInfo>([\s\S]*?)<\/WebApplicationInfo>/.exec(manifest)?.[1];
  if (!block) return undefined;
  return {
    id: /<Id>([^<]*)<\/Id>/.exec(block)?.[1],
    resource: /<Resource>([^<]*)<\/Resource>/.exec(block)?.[1],
    scopes: [...block.matchAll(/<Scope>([^<]*)<\/Scope>/g)].map((m) => m[1]),
  };
}

test("ssoClientId and ssoScope turn on single sign-on with the registration for the gateway", () => {
  const raw = builtConfigJson({ ...SSO_ENV, ssoAuthority: "https://login.microsoftonline.com/contoso.example" });
  expect(parseDeploymentConfig(raw, PAGE).gateway).toEqual({
    url: "https://addin.example.org",
    singleSignOn: true,
    nestedAppAuth: {
      clientId: CLIENT_ID,
      apiScope: `api://addin.example.org/${CLIENT_ID}/access_as_user`,
      authority: "https://login.microsoftonline.com/contoso.example",
    },
  });
});

describe("a gateway build with single sign-on", () => {
  const manifest = built(SSO_ENV, "manifest.xml");

  test("writes the registration into the manifest's WebApplicationInfo, as getAccessToken needs it", () => {
    expect(webApplicationInfo(manifest)).toEqual({
      id: CLIENT_ID,
      resource: `api://addin.example.org/${CLIENT_ID}`,
      scopes: ["openid", "profile"],
    });
  });

  withSchemas("and that manifest validates against the Office schemas", () => {
    const result = validateManifest(manifest);
    expect(result.schema.messages).toEqual([]);
    expect(result).toMatchObject({ ok: true, schema: { status: "valid" }, references: [] });
  });

  test.each([
    ["Entra's own sign-in page, which the page's policy already allows", undefined, ""],
    ["a national cloud's", "https://login.microsoftonline.us/contoso.example", " https://login.microsoftonline.us"],
  ])("lets the pane frame %s (MSAL's silent sign-in on the web)", (_, ssoAuthority, added) => {
    const env = { ...SSO_ENV, ...(ssoAuthority ? { ssoAuthority } : {}) };
    const pane = webpackConfig(env, { mode: "production" }).plugins.find(
      (p) => p.userOptions?.filename === "taskpane.html",
    );
    expect(pane?.userOptions?.templateParameters).toEqual({ signInFrames: added });
  });
});

test("a build without single sign-on writes no WebApplicationInfo and frames no sign-in page", () => {
  const env = { url: "https://addin.example.org/", gateway: "https://addin.example.org" };
  expect(webApplicationInfo(built(env, "manifest.xml"))).toBeUndefined();
  expect(parseDeploymentConfig(builtConfigJson(env), PAGE).gateway).toEqual({
    url: "https://addin.example.org",
    singleSignOn: false,
  });
});

test.each([
  ["a client id without the scope", { ssoScope: "" }, /needs both --env ssoClientId=… and --env ssoScope=…/],
  [
    "sso=1 without a registration (getAccessToken would answer 13000)",
    { sso: "1", ssoClientId: "", ssoScope: "" },
    /sso=1 alone is gone/,
  ],
  ["a client id that is not a GUID", { ssoClientId: "my-app" }, /must be the app registration's client id \(a GUID\)/],
  [
    "an Application ID URI on another host (Office: 13004)",
    { ssoScope: `api://gateway.example.org/${CLIENT_ID}/access_as_user` },
    /Application ID URI to be api:\/\/addin\.example\.org\/6f1c2a3b-0000-4000-8000-000000000001/,
  ],
  [
    "an Application ID URI not ending with the client id",
    { ssoScope: `api://${CLIENT_ID}/access_as_user` },
    /names api:\/\/6f1c2a3b-0000-4000-8000-000000000001\./,
  ],
])("the build refuses %s", (_, change, message) => {
  expect(() => {
    const env = { ...SSO_ENV, ...change };
    builtConfigJson(env);
    built(env, "manifest.xml");
  }).toThrow(message);
});
