import { z } from "zod";

/**
 * The deployment configuration: `config.json`, shipped beside the built pages (copied from
 * `config/deployment.json` by the build). An organisation edits that file after building to point
 * the add-in at its own services or proxy; the user can still override each URL in the pane.
 */

import { SERVICE_NAMES, type ServiceName } from "@ukco/api/credentials";

export { SERVICE_NAMES, type ServiceName };
export type ServiceUrls = Record<ServiceName, string>;

/** Relative paths are allowed so that the default can reach the sandbox through the add-in's own origin. */
const serviceUrl = z
  .string()
  .trim()
  .min(1)
  .refine((value) => value.startsWith("/") || /^https?:\/\/[^/]+/i.test(value), {
    message: "must be an absolute http(s) URL or a path starting with /",
  });

const servicesSchema = z.object({
  product: serviceUrl,
  matching: serviceUrl,
  classification: serviceUrl,
  market: serviceUrl,
});

/**
 * A team gateway (gateway/): the add-in talks only to it, at `<url>/api/<service>`, and the user
 * signs in to the gateway — never to the services, whose keys the gateway holds.
 */
const gatewaySchema = z.object({
  url: serviceUrl,
  /** Single sign-on with the user's Microsoft account (Entra ID) is offered when the deployment set it up. */
  singleSignOn: z.boolean().default(false),
  /**
   * The add-in's Entra app registration, which both ways of single sign-on need: its client id, the
   * gateway API's scope (`api://<add-in host>/<client id>/access_as_user`) that nested app
   * authentication (MSAL.js) asks for, and the authority (a tenant's for a single-tenant app; work
   * and school accounts by default). The build writes the same registration into the manifest's
   * WebApplicationInfo for Office's getAccessToken. Without it, only the gateway key is offered.
   */
  nestedAppAuth: z
    .object({
      clientId: z.string().trim().min(1),
      apiScope: z.string().trim().min(1),
      authority: z.string().url().optional(),
    })
    .optional(),
});
export type GatewayConfig = z.infer<typeof gatewaySchema>;

/** Where each service is reached through a gateway. */
export const gatewayServiceUrls = (gatewayUrl: string): ServiceUrls => {
  const base = gatewayUrl.replace(/\/+$/, "");
  return {
    product: `${base}/api/product`,
    matching: `${base}/api/matching`,
    classification: `${base}/api/classification`,
    market: `${base}/api/market`,
  };
};

export const deploymentConfigSchema = z.object({
  /** Each service's address; with a gateway they are the gateway's and may be left out. */
  services: servicesSchema.optional(),
  gateway: gatewaySchema.optional(),
  /** True when the services are the project's sandbox: the pane then offers to fill sandbox credentials. */
  sandbox: z.boolean().default(false),
  /**
   * The sandbox's public credentials. Only the development server adds them to the config.json it
   * serves (read from the sandbox's start-up line); a built config.json never holds them.
   */
  sandboxCredentials: z
    .object({
      productToken: z.string().min(1),
      matchingKey: z.string().min(1),
      classificationUsername: z.string().min(1),
      classificationPassword: z.string().min(1),
      marketKey: z.string().min(1),
    })
    .optional(),
});

export type SandboxCredentials = NonNullable<z.infer<typeof deploymentConfigSchema>["sandboxCredentials"]>;
export type DeploymentConfig = {
  services: ServiceUrls;
  sandbox: boolean;
  sandboxCredentials?: SandboxCredentials;
  gateway?: GatewayConfig;
  /** The team gateway's own routes (the team's decisions), resolved; only with a gateway. */
  teamUrl?: string;
};

/** Thrown when config.json is missing, not JSON, or does not fit the schema. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Resolves each service URL against the page and drops trailing slashes, so clients can append paths. */
export function resolveServiceUrls(services: ServiceUrls, pageUrl: string): ServiceUrls {
  const resolved = {} as ServiceUrls;
  for (const name of SERVICE_NAMES) {
    resolved[name] = new URL(services[name], pageUrl).toString().replace(/\/+$/, "");
  }
  return resolved;
}

export function parseDeploymentConfig(raw: unknown, pageUrl: string): DeploymentConfig {
  const result = deploymentConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new ConfigError(`The add-in's config.json is invalid: ${problems.join("; ")}`);
  }
  const { services, sandbox, sandboxCredentials, gateway } = result.data;
  const urls = gateway ? gatewayServiceUrls(gateway.url) : services;
  if (!urls) throw new ConfigError("The add-in's config.json is invalid: it names neither the services nor a gateway.");
  return {
    services: resolveServiceUrls(urls, pageUrl),
    sandbox: sandbox && !gateway,
    ...(sandboxCredentials && !gateway ? { sandboxCredentials } : {}),
    ...(gateway
      ? { gateway, teamUrl: new URL(`${gateway.url.replace(/\/+$/, "")}/api/team`, pageUrl).toString() }
      : {}),
  };
}

export async function loadDeploymentConfig(
  fetchFn: (url: string) => Promise<Response>,
  pageUrl: string,
): Promise<DeploymentConfig> {
  const url = new URL("config.json", pageUrl).toString();
  let raw: unknown;
  try {
    const response = await fetchFn(url);
    if (!response.ok) throw new ConfigError(`The add-in's config.json could not be loaded (HTTP ${response.status}).`);
    raw = await response.json();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`The add-in's config.json could not be loaded: ${(error as Error).message}`);
  }
  return parseDeploymentConfig(raw, pageUrl);
}

/**
 * The user's own service URLs (set in the pane) over the deployment's; each is checked like the
 * file's. Through a team gateway they are ignored: the gateway is the only address the add-in
 * may reach (it holds the keys), so an address stored before the deployment moved to a gateway
 * must not send a user's gateway credential elsewhere.
 */
export function applyServiceOverrides(
  config: DeploymentConfig,
  overrides: Partial<ServiceUrls>,
  pageUrl: string,
): DeploymentConfig {
  if (config.gateway) return config;
  const merged = { ...config.services };
  for (const name of SERVICE_NAMES) {
    const value = overrides[name];
    if (value === undefined || value.trim() === "") continue;
    const checked = serviceUrl.safeParse(value);
    if (!checked.success)
      throw new ConfigError(
        `The ${name} service address "${value}" ${checked.error.issues[0]?.message ?? "is invalid"}.`,
      );
    merged[name] = checked.data;
  }
  return { ...config, services: resolveServiceUrls(merged, pageUrl) };
}
