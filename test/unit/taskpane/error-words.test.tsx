/** The pane's words for failures: the service's sentence quoted whole, credential problems pointing at the Sign-in view. */
import { renderToStaticMarkup } from "react-dom/server";
import { AuthRequiredError, HttpError, type HttpErrorInit } from "../../../src/api/http/errors";
import { UnavailableError } from "../../../src/core/errors";
import { ErrorBar } from "../../../src/taskpane/components/ErrorBar";
import { paneWords } from "../../../src/taskpane/error-words";
import { PaneNavigationProvider, type PaneNavigation } from "../../../src/taskpane/navigation";

const WHERE = "Sign in and settings";
const http = (status: number, extra: Partial<HttpErrorInit> = {}) =>
  new HttpError("product", { status, method: "GET", url: "https://api.example/v2/x", origin: "service", ...extra });

test.each([
  [
    "a 404 whose message ends in a full stop",
    http(404, { serverMessage: "Model RTIC-9999 not found." }),
    'The product API found nothing for this. It said: "Model RTIC-9999 not found."',
  ],
  [
    "a 404 whose message has no full stop",
    http(404, { serverMessage: "No such model" }),
    'The product API found nothing for this. It said: "No such model."',
  ],
  ["a 404 that says nothing", http(404), "The product API found nothing for this."],
  [
    "a 422 naming fields",
    http(422, { fieldErrors: [{ field: "cutoff", message: "must be at most 1." }] }),
    "The product API refused the request: cutoff must be at most 1.",
  ],
  [
    "a 403 with its reason",
    http(403, { serverMessage: "Scope explore:read required." }),
    'Your product API credential is not allowed to do this (HTTP 403). It said: "Scope explore:read required." Ask your administrator for a token with the right scope.',
  ],
  [
    "an unlisted status",
    http(418, { serverMessage: "I'm a teapot!" }),
    `The product API answered HTTP 418. It said: "I'm a teapot!" Try again later.`,
  ],
])("%s reads as one sentence each, never two full stops", (_, error, message) => {
  expect(paneWords(error, WHERE)).toEqual({ message });
  expect(message).not.toMatch(/\.\./);
});

test.each([
  ["rejected", "The multi-market service refused your credential. Check it in Sign in and settings."],
  ["missing", "No credential is set for the multi-market service. Add one in Sign in and settings."],
  ["expired", "Your sign-in to the multi-market service has expired. Sign in again in Sign in and settings."],
] as const)("a %s credential names the Sign-in view, never the pane as a whole", (problem, message) => {
  const words = paneWords(new AuthRequiredError("market", problem), WHERE);
  expect(words).toEqual({ message, signIn: "market" });
});

test("a credential failure the shared mapping already worded still points at the Sign-in view", () => {
  const error = new UnavailableError(
    "not-signed-in",
    "Sign in to the matching service in the UK Companies pane.",
    "matching",
  );
  expect(paneWords(error, WHERE)).toEqual({
    message: "No credential is set for the matching service. Add one in Sign in and settings.",
    signIn: "matching",
  });
});

describe("the message bar", () => {
  const navigation = (current: string): PaneNavigation => ({
    current,
    navigate: () => undefined,
    titleOf: (id) => (id === "sign-in" ? WHERE : undefined),
  });
  const render = (current: string, error: unknown) =>
    renderToStaticMarkup(
      <PaneNavigationProvider value={navigation(current)}>
        <ErrorBar title="The search did not run" error={error} />
      </PaneNavigationProvider>,
    );

  test("offers the way to the Sign-in view for a credential problem, from any other view", () => {
    const html = render("search", new AuthRequiredError("product", "rejected"));
    expect(html).toContain("The product API refused your credential. Check it in Sign in and settings.");
    expect(html).toContain(">Open Sign in and settings</button>");
  });

  test("offers no way there from the Sign-in view itself, nor for other failures", () => {
    expect(render("sign-in", new AuthRequiredError("product", "rejected"))).not.toContain("Open Sign in");
    expect(render("search", http(404))).not.toContain("Open Sign in");
  });
});
