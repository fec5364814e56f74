/**
 * Which ways of signing in to the team gateway with the user's Microsoft account to try, in
 * order, from what the deployment set up and what the Office host offers. Office recommends
 * nested app authentication (MSAL.js, brokered by the host) wherever the host has it; Office's
 * own getAccessToken is the older single sign-on and comes second; the personal gateway key is
 * always there besides, so it is not a path here. An empty list means: key only.
 */
import type { GatewayConfig } from "./config";

export type SignOnPath = "nested-app-auth" | "office-sso";

/** What the host says it supports (requirement sets NestedAppAuth 1.1 and IdentityAPI 1.3). */
export interface HostSignOnOffers {
  nestedAppAuth: boolean;
  officeSso: boolean;
}

export function signOnPaths(gateway: GatewayConfig, host: HostSignOnOffers): SignOnPath[] {
  if (!gateway.singleSignOn) return [];
  const paths: SignOnPath[] = [];
  // MSAL needs the app registration and the gateway's scope; without them the host's support is moot.
  if (host.nestedAppAuth && gateway.nestedAppAuth) paths.push("nested-app-auth");
  if (host.officeSso) paths.push("office-sso");
  return paths;
}
