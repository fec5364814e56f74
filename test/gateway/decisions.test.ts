/**
 * The team's decisions at the gateway, as analysts and an attacker would try them: one analyst's
 * decision answers the team's lookups (name folded for case and spacing, every hint counted),
 * never another tenant's; newest wins and the history stays; the match cache shares the same key;
 * the decisions file is replaced atomically and the administrator's commands work on it while the
 * gateway runs; one audit line per decision written. Then a table of hostile requests, each
 * checked for its status, for the decisions it changed (none) and for what reached the services.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decisionsCommand, type AdminOutput } from "../../gateway/decisions/admin";
import { FileDecisionStore } from "../../gateway/decisions/file-store";
import { KeyStore } from "../../gateway/keys";
import { startGateway, type RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import {
  captureLogs,
  companyNumbers,
  configFor,
  rawRequest,
  startEntraIssuer,
  tempFile,
  upstreamCounts,
  type HostileRow,
  type RawAnswer,
} from "./support";

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, "../..");
const WRITES_PER_MINUTE = 5;
const { lines: logLines, stream: logStream } = captureLogs();
let sandbox: RunningSandbox;
let issuer: Awaited<ReturnType<typeof startEntraIssuer>>;
let g: RunningGateway;
let keysFile: string;
let decisionsFile: string;
let numbers: string[];
const keys: Record<"ana" | "ben" | "fay", string> = { ana: "", ben: "", fay: "" };
const tokens: Record<"ada" | "bo", string> = { ada: "", bo: "" };

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 500,
    seed: 17,
    rateLimits: { product: null, matching: null, classification: null, market: null },
    matchLatencyMs: [0, 0],
  });
  issuer = await startEntraIssuer(["tenant-a", "tenant-b"]);
  keysFile = tempFile("keys.json");
  decisionsFile = path.join(path.dirname(keysFile), "gateway-decisions.json");
  const store = new KeyStore(keysFile);
  for (const name of Object.keys(keys) as Array<keyof typeof keys>) keys[name] = store.add(name);
  tokens.ada = await issuer.sign("tenant-a", "oid-ada", "Ada Lovelace");
  tokens.bo = await issuer.sign("tenant-b", "oid-bo", "Bo Diddley");
  g = await startGateway(
    configFor(sandbox, keysFile, {
      decisionWritesPerMinute: WRITES_PER_MINUTE,
      bodyLimitBytes: 1024 * 1024,
      entra: issuer.entra,
    }),
    { logStream },
  );
  numbers = await companyNumbers(sandbox, 10);
});

afterAll(async () => {
  await g?.close();
  issuer?.close();
  await sandbox?.close();
});

const json = { "content-type": "application/json" };

async function post(credential: string | undefined, route: string, body: unknown, method = "POST"): Promise<RawAnswer> {
  return rawRequest(g.origin, method, route, {
    headers: { ...json, ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const decide = (credential: string, body: Record<string, unknown>) => post(credential, "/api/team/decisions", body);
const lookup = async (credential: string, asks: Record<string, unknown>[]) => {
  const answer = await post(credential, "/api/team/decisions/lookup", { asks });
  return (JSON.parse(answer.text) as { decisions: Array<Record<string, unknown> | null> }).decisions;
};
const history = async (credential: string, ask: Record<string, unknown>) =>
  (
    JSON.parse((await post(credential, "/api/team/decisions/history", ask)).text) as {
      history: Record<string, unknown>[];
    }
  ).history;

test("one analyst's decision answers the team's lookups, folded for case and spacing, never another tenant's", async () => {
  const recorded = await decide(keys.ana, {
    name: "Harbour  Lane widgets ",
    postcode: "ab1 2cd",
    company: numbers[0],
    confidence: "low",
  });
  expect(recorded.status).toBe(201);
  const [same, otherHint, bare] = await lookup(keys.ben, [
    { name: "HARBOUR LANE WIDGETS", postcode: "AB1  2CD" },
    { name: "HARBOUR LANE WIDGETS", postcode: "ZZ9 9ZZ" },
    { name: "HARBOUR LANE WIDGETS" },
  ]);
  expect(same).toMatchObject({
    name: "Harbour  Lane widgets ",
    company: { number: numbers[0] },
    decidedBy: "ana",
    mine: false,
    confidence: "low",
  });
  expect((same!.company as { name?: string }).name).toEqual(expect.any(String));
  // Every hint is part of what was asked: another postcode, or none, is another question.
  expect([otherHint, bare]).toEqual([null, null]);
  // Single sign-on users are their tenant's team: the key holders' decision is none of theirs.
  expect(await lookup(tokens.ada, [{ name: "Harbour Lane Widgets", postcode: "AB1 2CD" }])).toEqual([null]);
  const ada = await decide(tokens.ada, { name: "Quayside Paper", company: numbers[1] });
  expect(JSON.parse(ada.text)).toMatchObject({ decision: { decidedBy: "Ada Lovelace", mine: true } });
  expect(await lookup(tokens.bo, [{ name: "Quayside Paper" }])).toEqual([null]);
  expect(await lookup(keys.ana, [{ name: "Quayside Paper" }])).toEqual([null]);
});

test('newest wins and the history stays: an override is a new decision, "no match" included', async () => {
  const ask = { name: "Northgate Foods", website: "northgate.example" };
  expect((await decide(keys.ana, { ...ask, company: numbers[2] })).status).toBe(201);
  expect((await decide(keys.ben, { ...ask, company: null })).status).toBe(201);
  const [newest] = await lookup(keys.ana, [ask]);
  expect(newest).toMatchObject({ company: null, decidedBy: "ben", mine: false });
  const all = await history(keys.ana, ask);
  expect(all.map((d) => [d.decidedBy, (d.company as { number?: string } | null)?.number ?? null])).toEqual([
    ["ana", numbers[2]],
    ["ben", null],
  ]);
  // One audit line per decision written, naming who and which company.
  const audits = logLines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.operation === "decision" && l.name === "Northgate Foods");
  expect(audits.map((l) => [l.user, l.company])).toEqual([
    ["ana", numbers[2]],
    ["ben", null],
  ]);
});

test("the decisions file is the gateway's alone, replaced whole, and the administrator's commands work while it runs", async () => {
  expect(statSync(decisionsFile).mode & 0o777).toBe(0o600);
  const saved = JSON.parse(readFileSync(decisionsFile, "utf8")) as { teams: Record<string, unknown> };
  expect(Object.keys(saved.teams).sort()).toEqual(["entra:tenant-a", "keys"]);
  const printed: string[] = [];
  const audits: Record<string, unknown>[] = [];
  const output: AdminOutput = { out: (t) => printed.push(t), audit: (fields) => audits.push(fields) };
  // Another process's view of the same file, as `npm run gateway -- decisions …` has.
  const admin = new FileDecisionStore(decisionsFile);

  await decisionsCommand(admin, ["export", "--team", "keys"], output);
  const csv = printed.join("");
  expect(csv.split("\r\n")[0]).toBe(
    "name,postcode,website,address,sic_code,date_hint,company_number,decided_by,decided_at",
  );
  expect(csv).toContain(
    `Northgate Foods,,NORTHGATE.EXAMPLE,,,,,ben,`.replace("NORTHGATE.EXAMPLE", "northgate.example"),
  );

  // A name that would run as a formula in the administrator's Excel is written inert, and read back as it was.
  const file = tempFile("import.csv");
  writeFileSync(
    file,
    `name,postcode,company_number,decided_by,decided_at\r\n"=HYPERLINK(""x"")",,${numbers[3]},cat,2025-01-02T03:04:05.000Z\r\n`,
  );
  await decisionsCommand(admin, ["import", file, "--team", "keys"], output);
  expect(audits.map((a) => [a.operation, a.name, a.company])).toEqual([["decision", '=HYPERLINK("x")', numbers[3]]]);
  const [imported] = await lookup(keys.ben, [{ name: '=HYPERLINK("x")' }]);
  expect(imported).toMatchObject({ decidedBy: "cat", decidedAt: "2025-01-02T03:04:05.000Z" });
  printed.length = 0;
  await decisionsCommand(admin, ["export", "--team", "keys"], output);
  expect(printed.join("")).toContain(`"'=HYPERLINK(""x"")"`);

  // A row that does not fit stops the whole import: nothing half-imported.
  writeFileSync(file, `name,company_number\r\nGood Row Ltd,${numbers[4]}\r\nBad Row Ltd,12345\r\n`);
  await expect(decisionsCommand(admin, ["import", file], output)).rejects.toThrow(/Nothing was imported: row 3/);
  expect(await lookup(keys.ben, [{ name: "Good Row Ltd" }])).toEqual([null]);

  await decisionsCommand(
    admin,
    ["delete", "Northgate Foods", "--website", "northgate.example", "--team", "keys"],
    output,
  );
  expect(printed.at(-1)).toMatch(/^Deleted the decision on Northgate Foods and its history \(2 in all\)/);
  expect(await lookup(keys.ana, [{ name: "Northgate Foods", website: "northgate.example" }])).toEqual([null]);
});

test("npm run gateway -- decisions list, as an administrator runs it, reads the same file", () => {
  const run = spawnSync("npm", ["run", "--silent", "gateway", "--", "decisions", "list", "--team", "keys"], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: "", DECISIONS_FILE: decisionsFile },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  expect(run.stdout).toMatch(
    new RegExp(`^keys\\tHarbour  Lane widgets \\tpostcode ab1 2cd\\t${numbers[0]}\\tana\\t`, "m"),
  );
});

test("the match cache keys a name as the decisions do: case and spacing folded, each asker's own name in the answer", async () => {
  const before = (await upstreamCounts(sandbox)).byTarget.matching ?? 0;
  const first = await post(keys.ana, "/api/matching/api/v1/match", { input_name: "Tesco  plc" });
  const second = await post(keys.ben, "/api/matching/api/v1/match", { input_name: "TESCO PLC", id: "row-2" });
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(((await upstreamCounts(sandbox)).byTarget.matching ?? 0) - before).toBe(1);
  expect(JSON.parse(second.text)).toMatchObject({ input_name: "TESCO PLC", id: "row-2" });
  expect(JSON.parse(first.text)).toMatchObject({ input_name: "Tesco  plc" });
});

/** Every decision kept, of every team: what a hostile request must not change. */
const everything = () => readFileSync(decisionsFile, "utf8");

type Row = HostileRow;

const rows = (): Row[] => {
  const unknown = "09999999";
  const ask = { name: "Harbour Lane Widgets", postcode: "AB1 2CD" };
  return [
    {
      name: "another tenant's decision asked by its name: nothing read",
      send: () => post(tokens.bo, "/api/team/decisions/lookup", { asks: [{ name: "Quayside Paper" }] }),
      status: 200,
      check: (a) => expect(JSON.parse(a.text)).toEqual({ decisions: [null] }),
    },
    {
      name: "another tenant's history asked by its name: empty",
      send: () => post(tokens.bo, "/api/team/decisions/history", { name: "Quayside Paper" }),
      status: 200,
      check: (a) => expect(JSON.parse(a.text)).toEqual({ history: [] }),
    },
    {
      name: "a lookup naming another tenant's team",
      send: () =>
        post(tokens.bo, "/api/team/decisions/lookup", { asks: [{ name: "Quayside Paper" }], team: "entra:tenant-a" }),
      status: 400,
    },
    {
      name: "a decision written into another tenant's team",
      send: () => decide(tokens.bo, { name: "Quayside Paper", company: numbers[5], team: "entra:tenant-a" }),
      status: 400,
    },
    {
      name: "an override claimed as another user's (who decided is the gateway's to say)",
      send: () => decide(keys.ben, { ...ask, company: numbers[5], decidedBy: "ana" }),
      status: 400,
    },
    {
      name: "a decision dated ahead, to stay the newest",
      send: () => decide(keys.ben, { ...ask, company: numbers[5], decidedAt: "2999-01-01T00:00:00Z" }),
      status: 400,
    },
    {
      name: "deleting a colleague's decision over HTTP",
      send: () => post(keys.ben, "/api/team/decisions", { ...ask }, "DELETE"),
      status: 405,
    },
    {
      name: "rewriting the history over HTTP",
      send: () => post(keys.ben, "/api/team/decisions/history", ask, "PUT"),
      status: 405,
    },
    {
      name: "a team route that does not exist",
      send: () => post(keys.ben, "/api/team/decisions/all", {}),
      status: 404,
    },
    {
      name: "a query on a team route",
      send: () => post(keys.ben, "/api/team/decisions?team=entra:tenant-a", ask),
      status: 400,
    },
    {
      name: "an oversized name (513 characters)",
      send: () => decide(keys.ben, { name: "N".repeat(513), company: numbers[5] }),
      status: 400,
    },
    {
      name: "an oversized postcode hint",
      send: () => decide(keys.ben, { name: "Fine Ltd", postcode: "P".repeat(17), company: numbers[5] }),
      status: 400,
    },
    {
      name: "a field the matcher does not read",
      send: () => decide(keys.ben, { name: "Fine Ltd", colour: "red", company: numbers[5] }),
      status: 400,
    },
    {
      name: "a company number of the wrong shape",
      send: () => decide(keys.ben, { name: "Fine Ltd", company: "12345" }),
      status: 400,
    },
    {
      name: "an unknown company number (the check is one product lookup)",
      send: () => decide(keys.ben, { name: "Fine Ltd", company: unknown }),
      status: 422,
      upstream: 1,
    },
    {
      name: "the same unknown number again: known to be unknown",
      send: () => decide(keys.ana, { name: "Other Ltd", company: unknown }),
      status: 422,
    },
    {
      name: "a lookup of 5,001 names",
      send: () =>
        post(keys.ben, "/api/team/decisions/lookup", {
          asks: Array.from({ length: 5001 }, (_, i) => ({ name: `N${i}` })),
        }),
      status: 400,
    },
    {
      name: "a lookup with no asks",
      send: () => post(keys.ben, "/api/team/decisions/lookup", { asks: [] }),
      status: 400,
    },
    { name: "a body that is not JSON", send: () => post(keys.ben, "/api/team/decisions", "{nope"), status: 400 },
    { name: "no sign-in", send: () => post(undefined, "/api/team/decisions/lookup", { asks: [ask] }), status: 401 },
    {
      name: "a revoked or invented key",
      send: () => post("ukgw_invented", "/api/team/decisions", { ...ask, company: null }),
      status: 401,
    },
    {
      name: "a flood of writes: past the user's allowance",
      send: () => decide(keys.fay, { name: "Flood 99 Ltd", company: null }),
      status: 429,
      check: (a) => expect(Number(a.headers["retry-after"])).toBeGreaterThanOrEqual(1),
    },
  ];
};

test("hostile requests: each its status, no decision changed, and the services count only what the row allows", async () => {
  // The flood: a user spends the minute's allowance (these are real decisions, made before the table).
  const flood = await Promise.all(
    Array.from({ length: WRITES_PER_MINUTE }, (_, i) => decide(keys.fay, { name: `Flood ${i} Ltd`, company: null })),
  );
  expect(flood.map((a) => a.status)).toEqual(Array(WRITES_PER_MINUTE).fill(201));
  const table = rows();
  expect(table.length).toBeGreaterThanOrEqual(20);
  for (const row of table) {
    const kept = everything();
    const before = await upstreamCounts(sandbox);
    const answer = await row.send();
    const after = await upstreamCounts(sandbox);
    row.check?.(answer);
    expect({
      name: row.name,
      status: answer.status,
      json: /application\/json/.test(String(answer.headers["content-type"])),
      changed: everything() !== kept,
      upstream: after.total - before.total,
    }).toEqual({ name: row.name, status: row.status, json: true, changed: false, upstream: row.upstream ?? 0 });
  }
});
