/**
 * Direct to the sandbox (which has no field selection), a company list asked with `fields` comes
 * back with each record cut to them, and the answer says so; asked without, records are whole. The
 * same holds when a worker thread reads the answer, as the page's worker does.
 */
import {
  createApiClients,
  workerBodyReader,
  type ApiClients,
  type BodyReader,
  type CredentialSource,
} from "../../../src/api";
import { nodeBodyWorker } from "../../../bench/support/node-body-reader";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { watchedWorker } from "../../support/watched-worker";

const FIELDS = ["BestEstimateTurnover", "CompanyName", "CompanyNumber"];
const PAGE = 200;

let sandbox: RunningSandbox;
let whole: Record<string, unknown>[];

function clients(bodyReader?: BodyReader): ApiClients {
  const credentials: CredentialSource = {
    getToken: async () => sandbox.credentials.productToken,
    invalidate: () => undefined,
  };
  return createApiClients({
    fetch,
    credentials,
    baseUrls: sandbox.urls,
    ...(bodyReader ? { bodyReader } : {}),
  });
}

async function cutPage(api: ApiClients, skip: number) {
  const answer = await api.product.readCompanyRecords({ returnCount: PAGE, skip }, { fields: FIELDS });
  return { companies: answer.data.companies as Record<string, unknown>[], cut: answer.cut };
}

/** Each record as the sandbox sent it, with only the fields asked that it has. */
const expectedCut = (records: Record<string, unknown>[]) =>
  records.map((record) => Object.fromEntries(FIELDS.filter((f) => f in record).map((f) => [f, record[f]])));

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 1_000, seed: 7 });
  const page = await clients().product.listCompanyRecords({ returnCount: 2 * PAGE, skip: 0 });
  whole = page.companies as Record<string, unknown>[];
});
afterAll(() => sandbox?.close());

test("without fields, records are whole: more than the fields a FIELD cell reads", () => {
  expect(whole).toHaveLength(2 * PAGE);
  for (const record of whole.slice(0, 5)) expect(Object.keys(record).length).toBeGreaterThan(FIELDS.length + 10);
});

test("with fields, each record holds exactly the fields asked that it has, and the answer names them", async () => {
  const { companies, cut } = await cutPage(clients(), 0);
  expect(companies).toStrictEqual(expectedCut(whole.slice(0, PAGE)));
  expect(companies.every((record) => typeof record.CompanyNumber === "string")).toBe(true);
  expect(cut).toEqual(new Set(FIELDS));
});

test("read by a worker thread, the cut records are the same", async () => {
  const watched = watchedWorker(nodeBodyWorker);
  const api = clients(workerBodyReader(() => watched.make()));
  try {
    // The first large answer makes the worker (and is read inline while it starts).
    const first = await cutPage(api, 0);
    await watched.ready;
    const second = await cutPage(api, PAGE);
    expect(watched.posts).toBe(1);
    expect([...first.companies, ...second.companies]).toStrictEqual(expectedCut(whole));
    expect([first.cut, second.cut]).toEqual([new Set(FIELDS), new Set(FIELDS)]);
  } finally {
    watched.terminate();
  }
});
