/**
 * A gateway configuration in front of a running sandbox: its four base URLs and the team
 * credentials the sandbox accepts, listening on a free port, the services' own per-minute limits.
 * Tests and benches add what they vary (limits, windows, origins) as overrides.
 */
import { GatewayConfigSchema, type GatewayConfig, type GatewayConfigInput } from "../../gateway/config";
import type { SandboxCredentials } from "../../sandbox/credentials";
import type { SandboxUrls } from "../../sandbox/sandbox";

export function sandboxGatewayConfig(
  sandbox: { urls: SandboxUrls; credentials: SandboxCredentials },
  keysFile: string,
  overrides: Partial<GatewayConfigInput> = {},
): GatewayConfig {
  const c = sandbox.credentials;
  return GatewayConfigSchema.parse({
    port: 0,
    upstreams: sandbox.urls,
    credentials: {
      productToken: c.productToken,
      matchingKey: c.matchingKey,
      marketKey: c.marketKey,
      classificationUsername: c.classificationUsername,
      classificationPassword: c.classificationPassword,
    },
    keysFile,
    limits: { product: 200, matching: 60, classification: 5, market: 60 },
    ...overrides,
  });
}
