// Turns the development manifest (every URL under https://localhost:3000/) into the manifest
// for a deployment URL, and lists the service origins in AppDomains. Used by webpack.config.js
// and by the manifest tests, so the two cannot disagree.
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

function productionManifest(devManifest, deploymentUrl, deploymentConfig) {
  const base = normaliseDeploymentUrl(deploymentUrl);
  let xml = devManifest.split(DEV_URL).join(base);
  const appOrigin = new URL(base).origin;
  xml = xml.split(new URL(DEV_URL).origin).join(appOrigin);
  const domains = [appOrigin, ...serviceOrigins(deploymentConfig).filter((origin) => origin !== appOrigin)];
  const appDomains = domains.map((domain) => `    <AppDomain>${domain}</AppDomain>`).join("\n");
  return xml.replace(/<AppDomains>[\s\S]*?<\/AppDomains>/, `<AppDomains>\n${appDomains}\n  </AppDomains>`);
}

module.exports = { DEV_URL, productionManifest, serviceOrigins, normaliseDeploymentUrl };
