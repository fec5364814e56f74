/**
 * Two analysts of one team, each with the add-in's own engine and clients (what the add-in runs,
 * minus Excel), through two gateway replicas sharing a real Redis:
 *
 * - analyst A runs Match names and reviews 10 unsure names; each decision is recorded for the team;
 * - analyst B's UKCO.MATCH on the same 10 names answers A's companies with no matching request
 *   upstream, confidence `team`, and About this value names A;
 * - B overrides one, and A's next refresh lists it in What changed;
 * - a user of another tenant sees none of it: their matches go to the matching service.
 */
import { matchKey } from "../../src/core/match-key";
import { provenanceOf } from "../../src/core/analysis/provenance";
import { FUNCTIONS } from "../support/function-table";
import { buildQueue } from "../../src/core/match-names/queue";
import { runMatchNames } from "../../src/core/match-names/run";
import { recordTeamDecision } from "../../src/core/team-decisions";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import { gatewayAnalyst } from "../support/gateway-analyst";
import { messyName, sandboxCompanies, type SandboxCompany } from "../support/messy-names";
import { startReplicaPair, type ReplicaPair } from "./replica-pair";
import { freePort, RedisServer, startEntraIssuer, upstreamCounts } from "./support";

jest.setTimeout(120_000);

let sandbox: RunningSandbox;
let redis: RedisServer;
let pair: ReplicaPair;
let issuer: Awaited<ReturnType<typeof startEntraIssuer>>;
let otherTenantToken: string;
let companies: SandboxCompany[];

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 2000,
    seed: 42,
    rateLimits: { product: null, matching: null, classification: null, market: null },
    matchLatencyMs: [0, 0],
    batchQueuedMs: 20,
    batchRowMs: 0,
  });
  redis = new RedisServer(await freePort());
  await redis.start();
  issuer = await startEntraIssuer(["other-tenant"]);
  pair = await startReplicaPair(sandbox, redis.url, {
    limit: 600,
    windowSeconds: 1,
    companies: 1,
    overrides: {
      limits: { product: 600, matching: 600, classification: 5, market: 60 },
      entra: issuer.entra,
    },
  });
  otherTenantToken = await issuer.sign("other-tenant", "oid-cy", "Cy Other");
  companies = await sandboxCompanies(sandbox.urls.product, sandbox.credentials.productToken, 60);
});

afterAll(async () => {
  await pair?.close();
  issuer?.close();
  await redis?.stop();
  await sandbox?.close();
});

const matchingSent = async () => (await upstreamCounts(sandbox)).byTarget.matching ?? 0;
const cell = (i: number) => `Sheet1!B${i + 2}`;

test("A's review answers B's UKCO.MATCH with no matching request; B's override shows in A's What changed; another tenant sees none", async () => {
  const a = await gatewayAnalyst(pair.a.origin, pair.ana);
  const b = await gatewayAnalyst(pair.b.origin, pair.ben);

  // A: Match names over messy names, reviewing everything less sure than "high".
  const rows = companies.map((c, i) => ({ name: messyName(c.CompanyName, i), company: c }));
  const keyOf = (name: string) => matchKey(name, "", "")!;
  const run = await runMatchNames(a.clients.matching, [...new Set(rows.map((r) => keyOf(r.name)))], {
    team: a.clients.team,
    remember: (key, match) => void a.engine.rememberAnswer("matches", key, match),
  });
  expect(run.decided).toBe(0);
  const queue = buildQueue(
    rows.map((r, i) => ({ row: i + 1, key: keyOf(r.name), name: r.name, postcode: "", website: "" })),
    run.results,
    "high",
  );
  const reviewed = queue.slice(0, 10);
  expect(reviewed).toHaveLength(10);
  // A chooses the company each messy name was made from (the proposal or another).
  const chosen = new Map(
    reviewed.map((entry) => [entry.key, rows.find((r) => keyOf(r.name) === entry.key)!.company.CompanyNumber]),
  );
  for (const entry of reviewed) {
    const match = await recordTeamDecision(a.clients.team!, entry, chosen.get(entry.key)!);
    await a.engine.rememberAnswer("matches", entry.key, match);
  }

  // B's UKCO.MATCH cells on the same names: A's companies, confidence "team", no matching request.
  const before = await matchingSent();
  const answers = await Promise.all(reviewed.map((e, i) => b.engine.match(e.key, { address: cell(i) })));
  expect(answers.map((m) => m.number)).toEqual(reviewed.map((e) => chosen.get(e.key)));
  expect(answers.map((m) => m.confidence)).toEqual(Array(10).fill("team"));
  expect((await matchingSent()) - before).toBe(0);
  const about = provenanceOf(FUNCTIONS, `=UKCO.MATCH(A2)`, [reviewed[0]!.name], b.engine.storedAnswers());
  expect(about).toMatchObject({ state: "stored", decided: { by: "ana" } });

  // B overrides one ("no match"); A's next refresh of the same cells lists it in What changed.
  const overridden = reviewed[3]!;
  await recordTeamDecision(b.clients.team!, { ...overridden, proposed: answers[3]! }, null);
  // A's cells first show A's own decisions (from the cache, as after the review).
  await Promise.all(reviewed.map((e, i) => a.engine.match(e.key, { address: cell(i) })));
  a.engine.refresh({ kind: "workbook" });
  await Promise.all(reviewed.map((e, i) => a.engine.match(e.key, { address: cell(i) })));
  const changed = a.engine.changes().answers;
  expect(changed.map((c) => c.key)).toEqual([overridden.key]);
  expect(changed[0]).toMatchObject({
    kind: "matches",
    before: { number: chosen.get(overridden.key), team: { by: "ana" } },
    after: { number: null, confidence: "team", team: { by: "ben" } },
  });

  // A user of another tenant: none of the team's decisions; their matches go to the service.
  const c = await gatewayAnalyst(pair.a.origin, otherTenantToken);
  const sentBefore = await matchingSent();
  const theirs = await Promise.all(reviewed.map((e, i) => c.engine.match(e.key, { address: cell(i) })));
  expect(theirs.filter((m) => m.confidence === "team" || m.team)).toEqual([]);
  expect((await matchingSent()) - sentBefore).toBeGreaterThan(0);
  expect(await c.clients.team!.lookup(reviewed.map((e) => ({ name: e.name })))).toEqual(Array(10).fill(null));
});
