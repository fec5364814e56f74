/**
 * The build's `--env` for a gateway deployment with single sign-on writes a config.json the
 * add-in reads back as the deployment meant: nested app authentication's registration and scope,
 * single sign-on on, and a half-given registration refused at build time rather than at start-up.
 */
import { parseDeploymentConfig } from "../../../src/core/config";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpackConfig = require("../../../webpack.config.js") as (
  env: Record<string, string>,
  argv: Record<string, string>,
) => { plugins: Array<{ constructor: { name: string }; patterns?: Array<{ to?: string; transform?: () => string }> }> };

const PAGE = "https://addin.example.org/taskpane.html";

function builtConfigJson(env: Record<string, string>): unknown {
  const copy = webpackConfig(env, { mode: "production" }).plugins.find((p) => p.constructor.name === "CopyPlugin");
  const pattern = copy?.patterns?.find((p) => p.to === "config.json");
  return JSON.parse(pattern!.transform!());
}

test("ssoClientId and ssoScope turn on nested app authentication for the gateway", () => {
  const raw = builtConfigJson({
    url: "https://addin.example.org/",
    gateway: "https://addin.example.org",
    ssoClientId: "6f1c2a3b-0000-4000-8000-000000000001",
    ssoScope: "api://addin.example.org/6f1c2a3b-0000-4000-8000-000000000001/access_as_user",
    ssoAuthority: "https://login.microsoftonline.com/contoso.example",
  });
  expect(parseDeploymentConfig(raw, PAGE).gateway).toEqual({
    url: "https://addin.example.org",
    singleSignOn: true,
    nestedAppAuth: {
      clientId: "6f1c2a3b-0000-4000-8000-000000000001",
      apiScope: "api://addin.example.org/6f1c2a3b-0000-4000-8000-000000000001/access_as_user",
      authority: "https://login.microsoftonline.com/contoso.example",
    },
  });
});

test("sso=1 alone offers Office's getAccessToken only, and no flag offers the key only", () => {
  expect(parseDeploymentConfig(builtConfigJson({ gateway: "https://gw.example.org", sso: "1" }), PAGE).gateway).toEqual(
    { url: "https://gw.example.org", singleSignOn: true },
  );
  expect(parseDeploymentConfig(builtConfigJson({ gateway: "https://gw.example.org" }), PAGE).gateway).toEqual({
    url: "https://gw.example.org",
    singleSignOn: false,
  });
});

test("a client id without the scope fails the build", () => {
  expect(() => builtConfigJson({ gateway: "https://gw.example.org", ssoClientId: "abc" })).toThrow(
    /needs both --env ssoClientId=… and --env ssoScope=…/,
  );
});
