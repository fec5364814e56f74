/**
 * Office single sign-on (Microsoft Entra ID) for the team gateway: a token for the signed-in
 * Office user, where the host offers it. The deployment's manifest must name the gateway's Entra
 * app (WebApplicationInfo); without it, or on a host without SSO, the user signs in with a key.
 */
export async function singleSignOnToken(): Promise<string> {
  const auth = typeof Office === "undefined" ? undefined : Office.auth;
  if (!auth?.getAccessToken) throw new Error("This Office host does not offer single sign-on here: use a gateway key.");
  return auth.getAccessToken({ allowSignInPrompt: true, allowConsentPrompt: true, forMSGraphAccess: false });
}
