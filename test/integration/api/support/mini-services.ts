/**
 * Just enough of the four services, by the contracts and CONTRACT-CHOICES.md, to exercise the
 * clients over real HTTP. Paths sit under the sandbox's prefixes, so `target.ts` can later point
 * the same tests at the team's sandbox instead.
 */
import type { Handler, Reply, SeenRequest } from "./tiny-server";

export const TOKENS = {
  product: "prod-int-token-51c9a7",
  matching: "dm_live_int_8e21f0b3",
  market: "mkt-int-key-a2d4",
};
export const LOGIN = { username: "analyst@example.co.uk", password: "int-test-password-9f2" };

const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString("base64url");
export const issuedJwt = (): string =>
  `${b64({ alg: "HS256" })}.${b64({ sub: LOGIN.username, exp: Math.floor(Date.now() / 1000) + 8 * 86400 })}.c2ln`;

const UK = Array.from({ length: 7 }, (_, i) => ({
  CompanyNumber: `SC${String(100001 + i)}`,
  CompanyName: `HIGHLAND FIRM ${i} LTD`,
  BestEstimateTurnover: 100000 * (i + 1),
}));
const US = Array.from({ length: 5 }, (_, i) => ({
  CompanyNumber: `12-345678${i}`,
  CompanyName: `Cascade ${i} Inc.`,
  Market: "us",
  NAICS: ["333998"],
}));

const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  json: body,
  headers,
});
const bearer = (req: SeenRequest): string => String(req.headers.authorization ?? "").replace(/^Bearer /, "");

function product(req: SeenRequest, path: string, query: URLSearchParams): Reply {
  if (bearer(req) !== TOKENS.product) return json(401, { message: "Unauthenticated." });
  if (req.method === "POST" && path === "/v2/companies") {
    const body = JSON.parse(req.body) as { returnCount?: number; skip?: number };
    const skip = body.skip ?? 0;
    return json(200, {
      companies: UK.slice(skip, skip + (body.returnCount ?? 40)),
      insights: query.get("insights") === "true" ? { TotalCompanies: UK.length } : null,
    });
  }
  if (path === "/v2/filters")
    return json(200, {
      Filters: [{ Field: "rtics", Name: "RTICs", Values: [{ Code: "RTIC-1", Description: "Robotics" }] }],
    });
  return json(404, { message: "Not found." });
}

const jobs = new Map<string, { polls: number; companies: Array<{ id: string; input_name: string }> }>();

function matching(req: SeenRequest, path: string): Reply {
  if (!bearer(req).startsWith("dm_live_")) return json(401, { detail: "Invalid API key" });
  if (path === "/api/v1/match") {
    const { input_name, id } = JSON.parse(req.body) as { input_name: string; id?: string };
    return json(200, {
      input_name,
      id,
      matched_company_number: "SC100001",
      company_status: "Active",
      active: "True",
      rigorous_match: false,
      route: "fast",
      confidence: "high",
    });
  }
  if (req.method === "POST" && path === "/api/v1/match/batch") {
    const job_id = `job_${jobs.size + 1}`;
    jobs.set(job_id, {
      polls: 0,
      companies: (JSON.parse(req.body) as { companies: Array<{ id: string; input_name: string }> }).companies,
    });
    return json(202, {
      job_id,
      status: "queued",
      total: jobs.get(job_id)?.companies.length,
      created_at: new Date().toISOString(),
    });
  }
  const [, jobId, results] = /^\/api\/v1\/match\/batch\/([^/]+)(\/results)?$/.exec(path) ?? [];
  const job = jobId ? jobs.get(jobId) : undefined;
  if (!job) return json(404, { detail: "Job not found" });
  const status = job.polls < 1 ? "queued" : job.polls < 2 ? "running" : "completed";
  if (!results) {
    job.polls += 1;
    return json(200, {
      job_id: jobId,
      status,
      total: job.companies.length,
      processed: status === "completed" ? job.companies.length : 0,
    });
  }
  if (status === "queued") return json(409, { detail: "Job is queued" });
  const rows = job.companies.map((c, i) => ({
    id: c.id,
    input_name: c.input_name,
    matched_company_number: `SC${100001 + i}`,
    rigorous_match: true,
    route: "slow",
    confidence: "high",
  }));
  return json(200, { job_id: jobId, status, results: rows.reverse() });
}

function classification(req: SeenRequest, path: string): Reply {
  if (path === "/api/v1/login/access-token") {
    const form = new URLSearchParams(req.body);
    if (req.headers["content-type"] !== "application/x-www-form-urlencoded")
      return json(422, { detail: [{ loc: ["body"], msg: "form expected", type: "x" }] });
    if (form.get("username") !== LOGIN.username || form.get("password") !== LOGIN.password)
      return json(400, { detail: "Incorrect username or password" });
    return json(200, { access_token: issuedJwt(), token_type: "bearer" });
  }
  if (bearer(req).split(".").length !== 3) return json(401, { detail: "Could not validate credentials" });
  const { Text } = JSON.parse(req.body) as { Text?: string };
  return json(200, {
    RTICs: [{ Code: "RTIC-1", Description: "Robotics", Score: 0.9, WordsMatched: ["robot"] }],
    SimilarCompanies: [],
    RSICs: [],
    RNAICs: [],
    SICs: [],
    TotalWordsProcessed: Text?.split(" ").length ?? 0,
    ProcessingTimeMs: 3,
    Description: Text,
  });
}

function market(req: SeenRequest, path: string): Reply {
  const problem = (status: number, title: string) =>
    json(
      status,
      {
        type: "about:blank",
        title,
        status,
        instance: path,
        trace: { requestId: `req-${status}`, rayId: "ray-1", timestamp: new Date().toISOString(), buildId: "b1" },
      },
      { "content-type": "application/problem+json" },
    );
  if (bearer(req) !== TOKENS.market) return problem(401, "Unauthorized");
  const [, mkt, rest] = /^\/v1\/([^/]+)(\/.*)$/.exec(path) ?? [];
  if (!mkt || !["us", "fr", "de", "ie"].includes(mkt)) return problem(404, "Not Found");
  if (req.method === "POST" && rest === "/companies") {
    const body = JSON.parse(req.body) as { Limit?: number; Offset?: number; IncludeTotalCount?: boolean };
    const offset = body.Offset ?? 0;
    return json(200, {
      Companies: US.slice(offset, offset + (body.Limit ?? 100)),
      ...(body.IncludeTotalCount === false ? {} : { TotalCount: US.length }),
      Insights: {},
    });
  }
  const one = /^\/companies\/(.+)$/.exec(rest ?? "");
  if (req.method === "GET" && one) {
    const found = US.find((c) => c.CompanyNumber === decodeURIComponent(one[1] as string));
    return found ? json(200, found) : json(404, { title: "Not Found", status: 404, detail: "No such company" });
  }
  return problem(404, "Not Found");
}

export const PREFIXES = {
  product: "/product/api",
  matching: "/matching",
  classification: "/classification",
  market: "/market",
} as const;

export const miniServices: Handler = (req) => {
  const url = new URL(req.url, "http://x");
  for (const [service, prefix] of Object.entries(PREFIXES)) {
    if (!url.pathname.startsWith(prefix + "/")) continue;
    const path = url.pathname.slice(prefix.length);
    if (service === "product") return product(req, path, url.searchParams);
    if (service === "matching") return matching(req, path);
    if (service === "classification") return classification(req, path);
    return market(req, path);
  }
  return json(404, { message: "no such service" });
};
