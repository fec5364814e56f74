// Turns the development manifest (every URL under https://localhost:3000/) into the manifest
// for a deployment URL, lists the service origins in AppDomains, and, where the deployment has
// single sign-on, writes the WebApplicationInfo Office's getAccessToken needs. Used by
// webpack.config.js and by the manifest tests, so the two cannot disagree.
const DEV_URL = "https://localhost:3000/";

function normaliseDeploymentUrl(url) {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:")
    throw new Error(`The deployment URL must be HTTPS (Office loads add-ins only over HTTPS): ${url}`);
  return parsed.toString().replace(/\/?$/, "/");
}

/** Absolute origins of the configured services; relative URLs live on the add-in's own origin. */
function serviceOrigins(deploymentConfig) {
  const origins = new Set();
  const addresses = [...Object.values(deploymentConfig.services ?? {}), deploymentConfig.gateway?.url].filter(Boolean);
  for (const value of addresses) {
    if (/^https?:\/\//i.test(value)) origins.add(new URL(value).origin);
  }
  return [...origins];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The manifest's WebApplicationInfo for the deployment's Entra app registration, by the rules of
 * Microsoft's "Use legacy Office single sign-on" (add-in only manifest): Id is the client id (a
 * GUID); Resource is the Application ID URI, `api://` and the add-in's own host (port included),
 * ending with the client id; the scopes `openid` and `profile`, which getAccessToken always needs.
 * The gateway scope MSAL asks for (`<Application ID URI>/access_as_user`) gives the URI, so both ways
 * of signing in name one registration. A registration getAccessToken cannot use fails the build:
 * Office would answer every sign-in with 13000 or 13004.
 */
function webApplicationInfo({ clientId, apiScope }, deploymentUrl) {
  if (!UUID.test(clientId))
    throw new Error(
      `Single sign-on: --env ssoClientId must be the app registration's client id (a GUID), not ${clientId}.`,
    );
  const host = new URL(normaliseDeploymentUrl(deploymentUrl)).host;
  const resource = apiScope.slice(0, apiScope.lastIndexOf("/"));
  const match = /^api:\/\/([^/]+)\/(?:.*\/)?([^/]+)$/.exec(resource);
  if (!match || match[1].toLowerCase() !== host.toLowerCase() || match[2].toLowerCase() !== clientId.toLowerCase())
    throw new Error(
      `Single sign-on: Office's getAccessToken needs the gateway API's Application ID URI to be api://${host}/${clientId} ` +
        `(the add-in's host, ending with the client id), so --env ssoScope=api://${host}/${clientId}/access_as_user; ` +
        `${apiScope} names ${resource || "no Application ID URI"}.`,
    );
  return [
    "    <WebApplicationInfo>",
    `      <Id>${clientId}</Id>`,
    `      <Resource>${resource}</Resource>`,
    "      <Scopes>",
    "        <Scope>openid</Scope>",
    "        <Scope>profile</Scope>",
    "      </Scopes>",
    "    </WebApplicationInfo>",
  ].join("\n");
}

/** Adds WebApplicationInfo at the end of the VersionOverrides (after Resources, where the schema has it). */
function withWebApplicationInfo(xml, registration, deploymentUrl) {
  const end = xml.lastIndexOf("</VersionOverrides>");
  if (end < 0) throw new Error("The manifest has no VersionOverrides to hold WebApplicationInfo.");
  return `${xml.slice(0, end).replace(/\s*$/, "\n")}${webApplicationInfo(registration, deploymentUrl)}\n  ${xml.slice(end)}`;
}

function productionManifest(devManifest, deploymentUrl, deploymentConfig) {
  const base = normaliseDeploymentUrl(deploymentUrl);
  let xml = devManifest.split(DEV_URL).join(base);
  const appOrigin = new URL(base).origin;
  xml = xml.split(new URL(DEV_URL).origin).join(appOrigin);
  const domains = [appOrigin, ...serviceOrigins(deploymentConfig).filter((origin) => origin !== appOrigin)];
  const appDomains = domains.map((domain) => `    <AppDomain>${domain}</AppDomain>`).join("\n");
  xml = xml.replace(/<AppDomains>[\s\S]*?<\/AppDomains>/, `<AppDomains>\n${appDomains}\n  </AppDomains>`);
  const gateway = deploymentConfig.gateway;
  return gateway?.singleSignOn && gateway.nestedAppAuth
    ? withWebApplicationInfo(xml, gateway.nestedAppAuth, base)
    : xml;
}

module.exports = { DEV_URL, productionManifest, serviceOrigins, normaliseDeploymentUrl, withWebApplicationInfo };
