import type { WorkbookStore } from "../../../src/core/cache/snapshot";
import { isDateCell, type CellGrid, type DateCell } from "../../../src/core/cell-value";
import { Engine } from "../../../src/core/engine";
import { InvalidArgumentError, NotFoundError } from "../../../src/core/errors";
import { asofFormula } from "../../../src/functions/asof";
import { companyFormula, FETCHED_PROPERTY } from "../../../src/functions/company";
import { fieldCells } from "../../../src/functions/field";
import { MemoryWorkbookStore } from "../../support/memory-stores";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function setup(store?: WorkbookStore) {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({ CompanyNumber: "01234567", CompanyName: "ACME LTD", BestEstimateTurnover: 1250000 });
  const engine = new Engine({ clients: services.clients, clock, store });
  return { clock, services, engine };
}

const B2 = { address: "Sheet1!B2" };
const C2 = { address: "Sheet1!C2" };

/** The one date-time cell of an ASOF answer. */
function dateTime(grid: CellGrid): DateCell {
  const cell = grid[0]![0];
  if (!isDateCell(cell)) throw new Error(`not a date: ${JSON.stringify(cell)}`);
  return cell;
}

const serialOf = (ms: number) => (ms - EXCEL_EPOCH) / DAY;

describe("UKCO.ASOF", () => {
  test("gives when the stored company was fetched, as a date-time, with or without a field, and sends nothing", async () => {
    const { clock, engine, services } = setup();
    await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, B2));
    const fetchedAt = engine.fetchedAt("companies", "01234567")!;
    await clock.advance(2 * HOUR);
    const plain = dateTime(await clock.drive(asofFormula(engine, 1234567, null, C2)));
    expect(plain.serial).toBe(serialOf(fetchedAt));
    expect(plain.numberFormat).toMatch(/^yyyy-mm-dd hh:mm/);
    expect(plain.iso).toBe(new Date(fetchedAt).toISOString().replace(".000Z", "Z"));
    // A field not read by any cell yet still has the record's time: it came in the same fetch.
    const withField = dateTime(await clock.drive(asofFormula(engine, "01234567", "bestestimateturnover", C2)));
    expect(withField.serial).toBe(plain.serial);
    expect(services.calls.listCompanies).toHaveLength(1);
  });

  test("a company with nothing stored is #N/A saying so and naming UKCO.FIELD, without a request", async () => {
    const { clock, engine, services } = setup();
    const asked = clock.drive(asofFormula(engine, "01234567", null, C2));
    await expect(asked).rejects.toThrow(NotFoundError);
    await expect(asked).rejects.toThrow(/Nothing is stored yet for company 01234567.*UKCO\.FIELD/);
    expect(services.calls.listCompanies).toHaveLength(0);
  });

  test("an unknown field is #VALUE! naming the closest one; a bad number is #VALUE!", async () => {
    const { clock, engine } = setup();
    await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, B2));
    await expect(clock.drive(asofFormula(engine, "01234567", "Turnovr", C2))).rejects.toThrow(
      /Unknown field "Turnovr". Did you mean "BestEstimateTurnover"\?/,
    );
    await expect(clock.drive(asofFormula(engine, "01234567", "Turnovr", C2))).rejects.toThrow(InvalidArgumentError);
    await expect(clock.drive(asofFormula(engine, "not a number", null, C2))).rejects.toThrow(InvalidArgumentError);
  });

  test.each([
    ["after the FIELD cell", false],
    ["before the FIELD cell", true],
  ])(
    "during a refresh, an ASOF cell calculated %s waits for the new fetch and gives its time",
    async (_order, asofFirst) => {
      const { clock, engine, services } = setup();
      await clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, B2));
      const before = engine.fetchedAt("companies", "01234567")!;
      services.companies.get("01234567")!.BestEstimateTurnover = 2_000_000;
      await clock.advance(HOUR);
      engine.refresh({ kind: "ranges", addresses: ["Sheet1!B1:C10"] });
      await clock.advance(1000);
      const field = async () => fieldCells(engine, "01234567", "BestEstimateTurnover", null, B2);
      const asof = () => asofFormula(engine, "01234567", null, C2);
      const [fieldGrid, asofCells] = asofFirst
        ? await clock.drive(Promise.all([asof(), field()]).then(([a, f]) => [f, a] as const))
        : await clock.drive(Promise.all([field(), asof()]));
      expect(fieldGrid).toEqual([[2_000_000]]);
      const after = engine.fetchedAt("companies", "01234567")!;
      expect(after).toBeGreaterThan(before + HOUR);
      expect(dateTime(asofCells).serial).toBe(serialOf(after));
      expect(services.calls.listCompanies).toHaveLength(2);
    },
  );

  test("a company the service does not know was still fetched at a time, and ASOF gives it", async () => {
    const { clock, engine } = setup();
    await expect(clock.drive(fieldCells(engine, "09999999", "CompanyName", null, B2))).resolves.toEqual([
      [expect.any(NotFoundError)],
    ]);
    const fetchedAt = engine.fetchedAt("companies", "09999999")!;
    expect(dateTime(await clock.drive(asofFormula(engine, "09999999", null, C2))).serial).toBe(serialOf(fetchedAt));
  });

  test("a reopened workbook gives the time kept in its store, not the time it was opened", async () => {
    const store = new MemoryWorkbookStore();
    const first = setup(store);
    await first.clock.drive(fieldCells(first.engine, "01234567", "CompanyName", null, B2));
    const fetchedAt = first.engine.fetchedAt("companies", "01234567")!;
    await first.engine.save();
    const reopened = setup(store);
    await reopened.clock.advance(3 * DAY);
    const cell = dateTime(await reopened.clock.drive(asofFormula(reopened.engine, "01234567", null, C2)));
    expect(cell.serial).toBe(serialOf(fetchedAt));
    expect(reopened.services.calls.listCompanies).toHaveLength(0);
  });
});

describe("UKCO.COMPANY", () => {
  test("the card carries when its fields were fetched, the same date-time ASOF gives", async () => {
    const { clock, engine } = setup();
    const card = (await clock.drive(companyFormula(engine, "01234567", B2)))[0]![0] as {
      properties: [string, unknown][];
    };
    const fetched = Object.fromEntries(card.properties)[FETCHED_PROPERTY];
    const asof = dateTime(await clock.drive(asofFormula(engine, "01234567", null, C2)));
    expect(fetched).toEqual(asof);
    expect(card.properties.at(-1)![0]).toBe(FETCHED_PROPERTY);
  });
});
