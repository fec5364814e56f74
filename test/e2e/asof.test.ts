/**
 * UKCO.ASOF in the simulated Excel: beside a FIELD cell it shows the fetch time the workbook's
 * store keeps, as a date-time, and shows the same after the workbook is closed and reopened. The
 * host reports ExcelApi 1.19, so the time goes as a Double carrying its number format.
 */
import { assertDistBuilt, useAddinSession } from "./harness";
import { sandboxNumbers, signInWithSandbox, storedFetchTime } from "./pane/pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  sandbox: { companies: 5_000, seed: 42 },
  simConfig: { requirementSets: { ExcelApi: "1.19" } },
});

const excelSerial = (ms: number) => (ms - Date.UTC(1899, 11, 30)) / 86_400_000;

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

test("=UKCO.ASOF beside =UKCO.FIELD shows the store's fetch time as a date-time, and keeps it after reopening", async () => {
  const [number] = await sandboxNumbers(session.current, { Nations: ["Scotland"] });
  const before = Date.now();
  await session.current.sim((api, n) => {
    api.setCell("Sheet1!A2", `'${n}`);
    api.setCell("Sheet1!B2", '=UKCO.FIELD(A2,"CompanyName")');
    api.setCell("Sheet1!C2", "=UKCO.ASOF(A2)");
    api.setCell("Sheet1!D2", '=UKCO.ASOF(A2,"CompanyNmae")');
  }, number!);
  await session.current.sim((api) => api.whenCalculated(30_000));
  const fetchedAt = await storedFetchTime(session.current, number!);
  expect(fetchedAt).toBeGreaterThanOrEqual(before - 1000);

  const shown = await session.current.sim((api) => ["B2", "C2", "D2"].map((a) => api.cell(`Sheet1!${a}`)));
  expect(shown[0]!.type).toBe("String");
  expect(shown[1]).toMatchObject({ type: "Double" });
  expect(shown[1]!.value as number).toBeCloseTo(excelSerial(fetchedAt), 9);
  expect(shown[1]!.text).toBe(new Date(fetchedAt).toISOString().slice(0, 16).replace("T", " "));
  expect(shown[2]!.error).toEqual({ code: "#VALUE!", message: expect.stringContaining('"CompanyName"') });

  await session.current.reopen();
  await session.current.sim((api) => api.calculate("Full"));
  await session.current.sim((api) => api.whenCalculated(30_000));
  const reopened = await session.current.sim((api) => ["B2", "C2"].map((a) => api.cell(`Sheet1!${a}`)));
  expect(reopened[0]!.value).toBe(shown[0]!.value);
  expect(reopened[1]!.error).toBeUndefined();
  expect(reopened[1]!.value as number).toBeCloseTo(excelSerial(fetchedAt), 9);
});
