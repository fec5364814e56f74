/** The clients over real HTTP (node:http on an ephemeral port, the platform fetch, the system clock). */
import {
  AuthRequiredError,
  createApiClients,
  HttpError,
  pageCompanies,
  pageMarketCompanies,
  type ApiClients,
} from "../../../src/api";
import { LOGIN } from "./support/mini-services";
import { startTarget, type Target } from "./support/target";

let target: Target;
let api: ApiClients;

beforeAll(async () => {
  target = await startTarget();
  api = createApiClients({
    fetch,
    credentials: target.credentials,
    baseUrls: target.baseUrls,
    retry: { product: { baseDelayMs: 10 }, market: { baseDelayMs: 10 } },
  });
});
afterAll(() => target.server.close());

test("product: a filtered list with insights, sent as JSON with the bearer token", async () => {
  const list = await api.product.listCompanies({ rtics: ["RTIC-1"], returnCount: 3, insights: true });
  expect(list.companies.map((c) => c.CompanyNumber)).toEqual(["SC100001", "SC100002", "SC100003"]);
  expect(list.insights?.TotalCompanies).toBe(7);
  const sent = target.server.seen.at(-1);
  expect(sent?.headers["content-type"]).toBe("application/json");
  expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({ rtics: ["RTIC-1"], returnCount: 3 });
});

test("product: paging reads every record once and stops on the short page", async () => {
  const numbers: string[] = [];
  for await (const page of pageCompanies(api.product, { rtics: ["RTIC-1"] }, { pageSize: 3 }))
    numbers.push(...page.items.map((c) => c.CompanyNumber ?? ""));
  expect(numbers).toHaveLength(7);
  expect(new Set(numbers).size).toBe(7);
});

test("matching: a single match, then a batch job run to completion and joined back by id", async () => {
  const one = await api.matching.match({ input_name: "Highland Firm 0 Ltd", id: "r1" });
  expect(one).toMatchObject({ id: "r1", matched_company_number: "SC100001", confidence: "high" });

  const progress: string[] = [];
  const run = await api.matching.runBatch([{ input_name: "Alpha" }, { input_name: "Beta" }, { input_name: "Gamma" }], {
    poll: { firstWaitMs: 5, maxWaitMs: 20 },
    onProgress: (p) => progress.push(p.status),
  });
  expect(run.status).toBe("completed");
  expect(run.rows.map((r) => [r.input.input_name, r.result?.matched_company_number])).toEqual([
    ["Alpha", "SC100001"],
    ["Beta", "SC100002"],
    ["Gamma", "SC100003"],
  ]);
  expect(progress).toEqual(["queued", "queued", "running", "completed"]);
});

test("classification: log in with the form-encoded password flow, then classify with the token", async () => {
  const login = await api.classification.login(LOGIN.username, LOGIN.password);
  expect(login.tokenType).toBe("bearer");
  expect(login.expiresAt).toBeGreaterThan(Date.now() + 7 * 86400_000);
  const sent = target.server.seen.at(-1);
  expect(sent?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  expect(sent?.headers.authorization).toBeUndefined();
  target.credentials.set("classification", login.accessToken);

  const result = await api.classification.classify({ Text: "autonomous inspection robots" });
  expect(result.RTICs[0]?.Code).toBe("RTIC-1");
  expect(result.TotalWordsProcessed).toBe(3);
});

test("classification: a wrong password is a sign-in failure that does not carry the password", async () => {
  const error = await api.classification.login(LOGIN.username, "not-the-password-123").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AuthRequiredError);
  expect(error).toMatchObject({ problem: "login-failed", status: 400 });
  expect(JSON.stringify({ ...(error as object), m: (error as Error).message })).not.toContain("not-the-password-123");
});

test("multi-market: paging by Offset stops when TotalCount is reached", async () => {
  const pages = [];
  for await (const page of pageMarketCompanies(api.market, "us", { NAICS: ["333998"] }, { pageSize: 2 }))
    pages.push(page.items.length);
  expect(pages).toEqual([2, 2, 1]);
});

test("multi-market: a missing company is a data-service 404 without trace", async () => {
  const error = (await api.market.company("us", "99-0000000").catch((e: unknown) => e)) as HttpError;
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 404, origin: "service", serverMessage: "No such company" });
  expect(error.problem?.trace).toBeUndefined();
});

test("multi-market: a bad key is a gateway 401, and the credential source is told", async () => {
  target.credentials.set("market", "mkt-wrong-key-000");
  const error = await api.market.filters("us").catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: "auth", service: "market", problem: "rejected", status: 401 });
  expect(target.credentials.invalidated).toContainEqual(["market", "rejected"]);
});
