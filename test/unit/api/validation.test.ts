/** Arguments that break a documented limit are refused before anything is sent, naming the field and the rule. */
import { ValidationError, type ApiClients } from "../../../src/api";
import { harness, rejection } from "./support/harness";

const long = (n: number): string => "x".repeat(n);
const names = (n: number) => Array.from({ length: n }, (_, i) => ({ input_name: `Company ${i}` }));

const cases: Array<[string, (c: ApiClients) => Promise<unknown>, string, string]> = [
  [
    "returnCount 0",
    (c) => c.product.listCompanies({ rtics: ["R"], returnCount: 0 }),
    "returnCount",
    "must be at least 1",
  ],
  ["returnCount 1001", (c) => c.product.listCompanies({ returnCount: 1001 }), "returnCount", "must be at most 1000"],
  ["returnCount 2.5", (c) => c.product.exploreList("l", { returnCount: 2.5 }), "returnCount", "must be a whole number"],
  ["skip -1", (c) => c.product.companiesByWebsite({ url: "a.example", skip: -1 }), "skip", "must be at least 0"],
  [
    "a misspelt filter",
    (c) => c.product.listCompanies({ Sics: ["62020"] } as never),
    "Sics",
    "is not a field of this request",
  ],
  ["an empty company number", (c) => c.product.groupStructure("  "), "companyNumber", "must not be empty"],
  ["cutoff above 1", (c) => c.product.listSummary({ modelCode: "RTIC-1", cutoff: 1.5 }), "cutoff", "must be at most 1"],
  ["empty input_name", (c) => c.matching.match({ input_name: "" }), "input_name", "must not be empty"],
  [
    "input_name of 513",
    (c) => c.matching.match({ input_name: long(513) }),
    "input_name",
    "must be at most 512 characters",
  ],
  [
    "postcode hint of 17",
    (c) => c.matching.match({ input_name: "Acme", postcode: long(17) }),
    "postcode",
    "must be at most 16 characters",
  ],
  [
    "1001 companies",
    (c) => c.matching.submitBatch({ companies: names(1001) }),
    "companies",
    "must hold at most 1000 companies",
  ],
  [
    "a bad company in a batch",
    (c) => c.matching.submitBatch({ companies: [{ input_name: "A" }, { input_name: "" }] }),
    "companies[1].input_name",
    "must not be empty",
  ],
  [
    "callback without secret",
    (c) => c.matching.submitBatch({ companies: names(1), callback_url: "https://hooks.example/x" }),
    "webhook_secret",
    "is required when callback_url is given",
  ],
  [
    "ftp callback",
    (c) => c.matching.submitBatch({ companies: names(1), callback_url: "ftp://x", webhook_secret: long(16) }),
    "callback_url",
    "must be an absolute http(s) URL",
  ],
  [
    "short webhook secret",
    (c) => c.matching.submitBatch({ companies: names(1), callback_url: "https://h.example", webhook_secret: "short" }),
    "webhook_secret",
    "must be at least 16 characters",
  ],
  ["runBatch over 1000", (c) => c.matching.runBatch(names(1001)), "companies", "must hold at most 1000 companies"],
  [
    "repeated ids in runBatch",
    (c) => c.matching.runBatch([{ input_name: "A", id: "1" }, { input_name: "B" }]),
    "companies",
    'must have distinct ids; "1" repeats',
  ],
  ["Text of 1001", (c) => c.classification.classify({ Text: long(1001) }), "Text", "must be at most 1000 characters"],
  [
    "Website of 501",
    (c) => c.classification.classify({ Website: long(501) }),
    "Website",
    "must be at most 500 characters",
  ],
  [
    "Text and Website",
    (c) => c.classification.classify({ Text: "a", Website: "b" }),
    "Text",
    "send either Text or Website, not both and not neither",
  ],
  [
    "neither Text nor Website",
    (c) => c.classification.classify({}),
    "Text",
    "send either Text or Website, not both and not neither",
  ],
  ["an empty password", (c) => c.classification.login("analyst@example.co.uk", ""), "password", "must not be empty"],
  ["Limit 0", (c) => c.market.listCompanies("us", { Limit: 0 }), "Limit", "must be at least 1"],
  ["Limit 1001", (c) => c.market.listCompanies("us", { Limit: 1001 }), "Limit", "must be at most 1000"],
  ["Offset -5", (c) => c.market.listCompanies("us", { Offset: -5 }), "Offset", "must be at least 0"],
  ["market gb", (c) => c.market.listCompanies("gb" as never, {}), "market", "must be one of us, fr, de, ie"],
  ["search limit 101", (c) => c.market.search("fr", { name: "Robotique", limit: 101 }), "limit", "must be at most 100"],
  [
    "batch of 1001 numbers",
    (c) =>
      c.market.batch(
        "ie",
        Array.from({ length: 1001 }, (_, i) => String(i)),
      ),
    "CompanyNumbers",
    "must hold at most 1000 numbers",
  ],
];

test.each(cases)("%s is refused before sending", async (_what, call, field, rule) => {
  const h = harness([{ status: 200, body: {} }]);
  const error = await h.clock.drive(rejection(call(h.clients)));
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toMatchObject({ kind: "validation", field, rule });
  expect(h.fake.calls).toHaveLength(0);
});

test("values on the limits are accepted and sent", async () => {
  const h = harness([{ status: 200, body: { Companies: [], TotalCount: 0 } }]);
  await h.clock.drive(h.clients.market.listCompanies("ie", { Limit: 1000, Offset: 0 }));
  const match = harness([{ status: 200, body: { rigorous_match: false, route: null, confidence: "none" } }]);
  await match.clock.drive(match.clients.matching.match({ input_name: "x".repeat(512), postcode: "x".repeat(16) }));
  expect(h.fake.calls).toHaveLength(1);
  expect(match.fake.calls).toHaveLength(1);
});
