/**
 * A gateway configuration for tests that exercise sign-in only (the authenticator, the keys file):
 * every upstream is an unreachable loopback port and every team credential a placeholder, so
 * nothing it configures can reach a service.
 */
import { GatewayConfigSchema, type GatewayConfig, type GatewayConfigInput } from "../../gateway/config";

export function offlineGatewayConfig(extra: Partial<GatewayConfigInput>): GatewayConfig {
  return GatewayConfigSchema.parse({
    upstreams: {
      product: "http://127.0.0.1:9/api",
      matching: "http://127.0.0.1:9",
      classification: "http://127.0.0.1:9",
      market: "http://127.0.0.1:9",
    },
    credentials: {
      productToken: "placeholder",
      matchingKey: "placeholder",
      marketKey: "placeholder",
      classificationUsername: "placeholder",
      classificationPassword: "placeholder",
    },
    limits: { product: 200, matching: 60, classification: 5, market: 60 },
    ...extra,
  });
}
