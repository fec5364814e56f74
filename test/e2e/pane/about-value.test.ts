/**
 * About this value, end to end: for a selected UKCO cell the pane names the company, the field,
 * when it was fetched and from where — the service in this session, or the workbook's store after
 * the workbook is reopened — and says so plainly for a cell without a UKCO formula.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, openView, sandboxNumbers, signInWithSandbox, storedFetchTime } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

test("names the company, field, fetch time and source of the selected value, and keeps them after reopening", async () => {
  const { page } = session.current;
  const [number] = await sandboxNumbers(session.current, { Nations: ["Scotland"] });
  await session.current.sim((api, n) => {
    api.setCell("Sheet1!A2", `'${n}`);
    api.setCell("Sheet1!B2", '=UKCO.FIELD(A2,"CompanyName")');
    api.setCell("Sheet1!C2", "plain text");
  }, number!);
  await session.current.sim((api) => api.whenCalculated(30_000));
  await session.current.sim((api) => api.select("Sheet1!B2"));

  let view = await openView(page, "About this value");
  await view.getByTestId("about-formula").getByText('=UKCO.FIELD(A2,"CompanyName")').waitFor({ timeout: 10_000 });
  expect(await view.getByTestId("about-company").innerText()).toBe(number);
  expect(await view.getByTestId("about-field").innerText()).toBe("CompanyName");
  expect(await view.getByTestId("about-service").innerText()).toBe("the product API");
  expect(await view.getByTestId("about-read-from").innerText()).toBe("the service, in this session");
  const fetched = await view.getByTestId("about-fetched").innerText();
  expect(fetched).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await session.current.screenshot("pane-about-value");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);

  await session.current.sim((api) => api.select("Sheet1!C2"));
  await view.getByTestId("about-none").waitFor({ timeout: 10_000 });

  // Closed once the store holds the company (it saves a little after a change), then opened again.
  const fetchedAt = await storedFetchTime(session.current, number!);
  expect(fetched).toBe(`${new Date(fetchedAt).toISOString().slice(0, 16).replace("T", " ")} UTC`);
  await session.current.reopen();
  await signInWithSandbox(page);
  await session.current.sim((api) => api.select("Sheet1!B2"));
  view = await openView(page, "About this value");
  await view
    .getByTestId("about-read-from")
    .getByText(/^the workbook's store/)
    .waitFor({ timeout: 10_000 });
  expect(await view.getByTestId("about-fetched").innerText()).toBe(fetched);
  await expectFitsAndAccessible(session.current);
});
