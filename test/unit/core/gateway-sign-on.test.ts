/**
 * Signing in to the team gateway: which ways are offered, and, as a table, what each combination of
 * answers from the host leads to — which MSAL and Office calls are made, in which order, and whether
 * the user ends signed in, told it was cancelled, or told what each way said.
 */
import { parseDeploymentConfig } from "../../../src/core/config";
import {
  signOnPaths,
  signOnToGateway,
  SignOnCancelled,
  SignOnStepError,
  type HostSignOnOffers,
  type SignOnFailureKind,
  type SignOnHost,
} from "../../../src/core/gateway-sign-on";

const PAGE = "https://addin.example.org/taskpane.html";
const gateway = (extra: Record<string, unknown>) =>
  parseDeploymentConfig({ gateway: { url: "https://addin.example.org", ...extra } }, PAGE).gateway!;
const NAA = {
  clientId: "6f1c2a3b-0000-4000-8000-000000000001",
  apiScope: "api://addin.example.org/6f1c2a3b-0000-4000-8000-000000000001/access_as_user",
};
const SSO = gateway({ singleSignOn: true, nestedAppAuth: NAA });
const offers = (nestedAppAuth: boolean, officeSso: boolean): HostSignOnOffers => ({ nestedAppAuth, officeSso });

describe("which sign-on ways the gateway card offers, in order", () => {
  test.each([
    [
      "a host with nested app authentication: MSAL first, then getAccessToken",
      SSO,
      offers(true, true),
      ["nested-app-auth", "office-sso"],
    ],
    ["a host without it: getAccessToken alone", SSO, offers(false, true), ["office-sso"]],
    ["a host offering neither: the key", SSO, offers(false, false), []],
    // getAccessToken needs the manifest's WebApplicationInfo, which the build writes from the registration.
    ["single sign-on without the app registration: the key", gateway({ singleSignOn: true }), offers(true, true), []],
    [
      "a registration without single sign-on switched on: the key",
      gateway({ nestedAppAuth: NAA }),
      offers(true, true),
      [],
    ],
    ["no single sign-on at all: the key", gateway({}), offers(true, true), []],
  ])("%s", (_, config, host, expected) => {
    expect(signOnPaths(config, host)).toEqual(expected);
  });
});

/** What one call answers: a token, or a failure of that kind. */
type Answer = "token" | SignOnFailureKind;
type Call = "loginHint" | "acquireTokenSilent" | "ssoSilent" | "acquireTokenPopup" | "getAccessToken";

/** A host answering each call as the row says, recording the calls and what each was given. */
function scriptedHost(answers: Partial<Record<Call, Answer>>, hint: string | undefined, calls: string[]): SignOnHost {
  const answer = async (call: Call, token: string) => {
    const outcome = answers[call] ?? "failed";
    if (outcome === "token") return token;
    throw new SignOnStepError(outcome, `${call} said ${outcome}`);
  };
  return {
    async loginHint() {
      calls.push("loginHint");
      if (hint === undefined) throw new Error("getAuthContext is not supported");
      return hint;
    },
    async nestedAppAuth(step, loginHint) {
      calls.push(`${step}(${loginHint ?? "no hint"})`);
      return { token: await answer(step, `naa-${step}`), username: "ana@contoso.example" };
    },
    async officeSso(prompt) {
      calls.push(`getAccessToken(${prompt ? "prompt" : "no prompt"})`);
      return answer("getAccessToken", "office-token");
    },
  };
}

const HINT = "ana@contoso.example";
const IR = "interaction-required" as const;

describe.each([
  {
    row: "the broker answers silently: acquireTokenSilent with the hint's account, nothing more",
    host: offers(true, true),
    answers: { acquireTokenSilent: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`],
    outcome: { path: "nested-app-auth", token: "naa-acquireTokenSilent" },
  },
  {
    row: "Excel on the web: nothing cached, ssoSilent with the login hint signs in without a prompt",
    host: offers(true, true),
    answers: { acquireTokenSilent: IR, ssoSilent: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`],
    outcome: { path: "nested-app-auth", token: "naa-ssoSilent" },
  },
  {
    row: "consent needed: both silent ways say so, then the host's prompt",
    host: offers(true, true),
    answers: { acquireTokenSilent: IR, ssoSilent: IR, acquireTokenPopup: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`, `acquireTokenPopup(${HINT})`],
    outcome: { path: "nested-app-auth", token: "naa-acquireTokenPopup" },
  },
  {
    row: "no login hint (getAuthContext not there): the same order without one",
    host: offers(true, false),
    hint: undefined,
    answers: { acquireTokenSilent: "failed", ssoSilent: IR, acquireTokenPopup: "token" },
    calls: ["loginHint", "acquireTokenSilent(no hint)", "ssoSilent(no hint)", "acquireTokenPopup(no hint)"],
    outcome: { path: "nested-app-auth", token: "naa-acquireTokenPopup" },
  },
  {
    row: "a broken broker is not put to the user: no prompt, getAccessToken next",
    host: offers(true, true),
    answers: { acquireTokenSilent: "failed", ssoSilent: "failed", getAccessToken: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`, "getAccessToken(prompt)"],
    outcome: { path: "office-sso", token: "office-token" },
  },
  {
    row: "the user closes MSAL's prompt: stopped, getAccessToken never asked",
    host: offers(true, true),
    answers: { acquireTokenSilent: IR, ssoSilent: IR, acquireTokenPopup: "cancelled", getAccessToken: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`, `acquireTokenPopup(${HINT})`],
    outcome: "cancelled",
  },
  {
    row: "MSAL's prompt fails for another reason: getAccessToken next",
    host: offers(true, true),
    answers: { acquireTokenSilent: IR, ssoSilent: IR, acquireTokenPopup: "failed", getAccessToken: "token" },
    calls: [
      "loginHint",
      `acquireTokenSilent(${HINT})`,
      `ssoSilent(${HINT})`,
      `acquireTokenPopup(${HINT})`,
      "getAccessToken(prompt)",
    ],
    outcome: { path: "office-sso", token: "office-token" },
  },
  {
    row: "getAccessToken alone answers",
    host: offers(false, true),
    answers: { getAccessToken: "token" },
    calls: ["getAccessToken(prompt)"],
    outcome: { path: "office-sso", token: "office-token" },
  },
  {
    row: "getAccessToken's 13001 (not signed in to Office) is no cancel: the user is told and offered the key",
    host: offers(false, true),
    answers: { getAccessToken: "failed" },
    calls: ["getAccessToken(prompt)"],
    outcome:
      /Single sign-on did not work \(Office single sign-on: getAccessToken said failed\)\. Sign in with your gateway key/,
  },
  {
    row: "getAccessToken's 13002 (the user cancelled): stopped",
    host: offers(false, true),
    answers: { getAccessToken: "cancelled" },
    calls: ["getAccessToken(prompt)"],
    outcome: "cancelled",
  },
  {
    row: "every way fails: the message names what each said",
    host: offers(true, true),
    answers: { acquireTokenSilent: IR, ssoSilent: "failed", getAccessToken: "failed" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`, "getAccessToken(prompt)"],
    outcome: /nested app authentication: ssoSilent said failed; Office single sign-on: getAccessToken said failed/,
  },
  {
    row: "renewing behind the user's back: no prompt on either way",
    host: offers(true, true),
    prompt: false,
    answers: { acquireTokenSilent: IR, ssoSilent: IR, acquireTokenPopup: "token", getAccessToken: "token" },
    calls: ["loginHint", `acquireTokenSilent(${HINT})`, `ssoSilent(${HINT})`, "getAccessToken(no prompt)"],
    outcome: { path: "office-sso", token: "office-token" },
  },
  {
    row: "a host offering nothing: no call at all",
    host: offers(false, false),
    answers: {},
    calls: [],
    outcome: /does not offer single sign-on here: use a gateway key/,
  },
] as Array<{
  row: string;
  host: HostSignOnOffers;
  hint?: string;
  prompt?: boolean;
  answers: Partial<Record<Call, Answer>>;
  calls: string[];
  outcome: { path: string; token: string } | "cancelled" | RegExp;
}>)("$row", ({ host, answers, calls, outcome, prompt = true, ...rest }) => {
  const hint = "hint" in rest ? rest.hint : HINT;

  test("calls the host in the documented order and ends as it should", async () => {
    const made: string[] = [];
    const signedIn = signOnToGateway(SSO, host, scriptedHost(answers, hint, made), { prompt });
    if (outcome === "cancelled") await expect(signedIn).rejects.toBeInstanceOf(SignOnCancelled);
    else if (outcome instanceof RegExp) await expect(signedIn).rejects.toThrow(outcome);
    else await expect(signedIn).resolves.toMatchObject(outcome);
    expect(made).toEqual(calls);
  });
});
