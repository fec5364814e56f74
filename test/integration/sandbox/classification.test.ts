import type { RunningSandbox } from "../../../sandbox/sandbox";
import { call, postJson, testSandbox } from "./helpers";

/** Login and instant classification over real HTTP: tokens, expiry, quota, limits and validation. */

let sb: RunningSandbox;
const url = (path: string) => `${sb.urls.classification}${path}`;
const admin = (path: string, body: unknown) => postJson(`${sb.origin}/__admin${path}`, null, body);

beforeAll(async () => {
  sb = await testSandbox({ freeTierQuota: 2 });
}, 30_000);
afterAll(() => sb.close());
afterEach(() => admin("/reset", {}));

function login(fields: Record<string, string>) {
  return call(url("/api/v1/login/access-token"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function token(
  username: string = sb.credentials.classificationUsername,
  password: string = sb.credentials.classificationPassword,
): Promise<string> {
  const r = await login({ username, password, grant_type: "password", scope: "" });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

const classify = (tok: string, body: unknown) => postJson(url("/api/v1/instantClassification"), tok, body);

describe("login", () => {
  test("issues a bearer JWT whose exp is about 8 days ahead", async () => {
    const r = await login({
      username: sb.credentials.classificationUsername,
      password: sb.credentials.classificationPassword,
    });
    expect(r.body.token_type).toBe("bearer");
    const claims = JSON.parse(Buffer.from(r.body.access_token.split(".")[1], "base64url").toString());
    expect(claims.exp - claims.iat).toBe(8 * 24 * 3600);
  });

  test("400 for wrong credentials, 422 for missing fields", async () => {
    const wrong = await login({ username: sb.credentials.classificationUsername, password: "nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("Incorrect username or password");
    const missing = await login({ username: "someone" });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(["body", "password"]);
  });
});

describe("instant classification", () => {
  test("different texts get different RTICs, with the item fields of the contract choices", async () => {
    const tok = await token();
    const cyber = await classify(tok, {
      Text: "Penetration testing, threat intelligence and encryption software for banks: cyber security.",
    });
    const bakery = await classify(tok, { Text: "An artisan bakery and brewery making bread, cakes and craft beer." });
    expect(cyber.status).toBe(200);
    expect(cyber.body.RTICs[0]).toEqual({
      Code: "RTIC-0042",
      Description: "Cyber security software",
      Score: expect.any(Number),
      WordsMatched: expect.any(Number),
    });
    expect(bakery.body.RTICs[0].Code).toBe("RTIC-0029");
    for (const key of ["SICs", "RSICs", "RNAICs"])
      expect(cyber.body[key][0]).toEqual({
        Code: expect.any(String),
        Description: expect.any(String),
        Score: expect.any(Number),
      });
    expect(cyber.body.SimilarCompanies[0]).toEqual({
      CompanyNumber: expect.any(String),
      CompanyName: expect.any(String),
      Similarity: expect.any(Number),
    });
    expect(cyber.body.TotalWordsProcessed).toBe(11);
    expect(Number.isInteger(cyber.body.ProcessingTimeMs)).toBe(true);
    expect(cyber.body.Description).toMatch(/^Penetration/);
    expect(cyber.body.Website).toBeUndefined();
  });

  test("a known website is classified from its company; an unknown one from the words of its address", async () => {
    const tok = await token();
    const list = await postJson(`${sb.urls.product}/v2/companies`, sb.credentials.productToken, {
      rtics: ["RTIC-0013"],
      CompanyStatus: ["Active"],
      returnCount: 200,
    });
    const company = list.body.companies.find(
      (c: { Homepage_domain?: string; RTICs: { Code: string }[]; IsWebsiteInheritedFromGroupStructure: boolean }) =>
        c.Homepage_domain && c.RTICs[0]!.Code === "RTIC-0013" && !c.IsWebsiteInheritedFromGroupStructure,
    );
    const known = await classify(tok, { Website: `https://www.${company.Homepage_domain}` });
    expect(known.body.Website).toBe(`https://www.${company.Homepage_domain}`);
    expect(known.body.RTICs.map((r: { Code: string }) => r.Code)).toContain("RTIC-0013");
    const unknown = await classify(tok, { Website: "https://cyberdefence-labs.io/about" });
    expect(unknown.body.RTICs[0].Code).toBe("RTIC-0042");
  });

  test("401 without a token, with a bad one, or once it has expired", async () => {
    const tok = await token();
    expect((await classify(null as unknown as string, { Text: "x" })).status).toBe(401);
    expect((await classify("a.b.c", { Text: "x" })).status).toBe(401);
    expect((await classify(sb.credentials.matchingKey, { Text: "x" })).status).toBe(401);
    await admin("/clock", { advanceMs: 8 * 24 * 3600 * 1000 + 1000 });
    const expired = await classify(tok, { Text: "software" });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/expired/i);
  });

  test("422 for both, neither, over-long Text or Website", async () => {
    const tok = await token();
    for (const body of [
      { Text: "a", Website: "b" },
      {},
      { Text: "x".repeat(1001) },
      { Website: `https://${"x".repeat(500)}.com` },
      { Text: 42 },
    ]) {
      const r = await classify(tok, body);
      expect(r.status).toBe(422);
      expect(Array.isArray(r.body.detail)).toBe(true);
    }
  });

  test("429 over 5 a minute with Retry-After; the free-tier user gets 402 after its quota", async () => {
    const tok = await token();
    for (let k = 0; k < 5; k++) expect((await classify(tok, { Text: "software platform" })).status).toBe(200);
    const limited = await classify(tok, { Text: "software platform" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const free = await token(sb.credentials.classificationFreeUsername, sb.credentials.classificationFreePassword);
    expect((await classify(free, { Text: "a" })).status).toBe(200);
    expect((await classify(free, { Text: "b" })).status).toBe(200);
    const spent = await classify(free, { Text: "c" });
    expect(spent.status).toBe(402);
    expect(spent.body.detail).toMatch(/free|quota|used/i);
  });

  test("504 when the fault flag says the classification timed out", async () => {
    const tok = await token();
    await admin("/faults", { rate504: 1, services: ["classification"] });
    const r = await classify(tok, { Text: "software" });
    expect(r.status).toBe(504);
    expect(r.body.detail).toMatch(/timed out|timeout/i);
  });
});
