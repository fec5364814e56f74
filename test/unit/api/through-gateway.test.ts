/**
 * Through a team gateway one credential serves every service (the gateway swaps it for the
 * service's own), and the user's Refresh is passed on so the gateway skips its cache; direct to
 * a service, neither applies.
 */
import { harness } from "./support/harness";

const LIST = { status: 200, body: { companies: [] } };
const MATCH = {
  status: 200,
  body: { matched_company_number: null, rigorous_match: false, route: null, confidence: "none" },
};

test("a gateway key is sent to the matching service as it is, where a direct client would refuse it", async () => {
  const gatewayKey = "ukgw_personal-key-for-ana";
  const through = harness([MATCH], { throughGateway: true, tokens: { matching: gatewayKey } });
  await through.clock.drive(through.clients.matching.match({ input_name: "Acme Ltd" }));
  expect(through.fake.calls[0]!.headers.authorization).toBe(`Bearer ${gatewayKey}`);
  const direct = harness([MATCH], { tokens: { matching: gatewayKey } });
  await expect(direct.clock.drive(direct.clients.matching.match({ input_name: "Acme Ltd" }))).rejects.toMatchObject({
    problem: "wrong-kind",
  });
  expect(direct.fake.calls).toHaveLength(0);
});

test.each([
  [true, true, "1"],
  [true, false, undefined],
  [false, true, undefined],
])("through a gateway: %s, refresh: %s → x-ukco-refresh %s", async (throughGateway, refresh, header) => {
  const h = harness([LIST], { throughGateway });
  await h.clock.drive(h.clients.product.listCompanies({ CompanyNumbers: ["00000001"] }, { refresh }));
  expect(h.fake.calls[0]!.headers["x-ukco-refresh"]).toBe(header);
});

test.each([
  [true, "CompanyName,CompanyNumber"],
  // A service has no field selection: it is never asked for one.
  [false, undefined],
])("through a gateway: %s → the fields a list needs sent as x-ukco-fields %s", async (throughGateway, header) => {
  const h = harness([LIST], { throughGateway });
  await h.clock.drive(
    h.clients.product.listCompanyRecords(
      { CompanyNumbers: ["00000001"] },
      { fields: ["CompanyName", "CompanyNumber"] },
    ),
  );
  expect(h.fake.calls[0]!.headers["x-ukco-fields"]).toBe(header);
});
