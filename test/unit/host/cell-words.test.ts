/** A cell's message: what happened, then the next step a person looking at the cell can take. */
import { HttpError } from "../../../src/api/http/errors";
import { AuthRequiredError, RateLimitedError } from "../../../src/api/http/errors";
import { InvalidArgumentError, NotFoundError, toUserError } from "../../../src/core/errors";
import { cellMessage } from "../../../src/host/cell-words";

const http = (status: number) =>
  new HttpError("product", { status, method: "POST", url: "/v2/companies", origin: "service" });

test.each([
  ["a service down", http(503), "The product API is unavailable (HTTP 503). Press Refresh to try again."],
  [
    "a missing credential",
    new AuthRequiredError("matching", "missing"),
    "You are not signed in to the matching service. Sign in in the Sign in and settings view of the UK Companies pane.",
  ],
  [
    "a rate limit past its retries",
    new RateLimitedError("market", { status: 429, method: "POST", url: "/v1/us/companies", origin: "gateway" }),
    "The multi-market service is busy (rate limit reached). Press Refresh in a minute.",
  ],
  ["a bad argument", new InvalidArgumentError("The field must be text."), "The field must be text."],
  [
    "nothing found",
    new NotFoundError("No company 01234567 is known to the product API."),
    "No company 01234567 is known to the product API.",
  ],
] as const)("%s", (_name, error, words) => {
  expect(cellMessage(toUserError(error))).toBe(words);
});
