import { deferred, newExcel } from "./fixtures";

type Inv = { address?: string; onCanceled?: () => void; setResult?: (v: unknown) => void; isInValuePreview?: boolean };

/** MATCH answers "N-<name>" for names, after a resolved promise; the calls are recorded. */
function withMatch() {
  const excel = newExcel();
  const calls: Array<{ name: unknown; address?: string; args: unknown[] }> = [];
  excel.customFunctions.associate(
    "MATCH",
    async (name: unknown, postcode: unknown, website: unknown, output: unknown, inv: Inv) => {
      calls.push({ name, address: inv.address, args: [postcode, website, output] });
      if (name === "nobody")
        throw new excel.customFunctions.Error(
          excel.customFunctions.ErrorCode.notAvailable,
          `No company called ${name}`,
        );
      return [[`N-${String(name)}`]];
    },
  );
  return { excel, calls };
}

describe("the calculation engine", () => {
  it("issues all the invocations of a recalculation in one synchronous burst", async () => {
    const { excel, calls } = withMatch();
    excel.setCell("Sheet1!A2", [["tesco"], ["asda"], ["boots"]]);
    excel.setCell("Sheet1!B2", [["=UKCO.MATCH(A2)"], ["=UKCO.MATCH(A3)"], ["=UKCO.MATCH(A4)"]]);
    expect(calls.map((c) => c.name)).toEqual(["tesco", "asda", "boots"]);
    expect(excel.cell("B2").value).toBe("#BUSY!");
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!B2:B4")).toEqual([["N-tesco"], ["N-asda"], ["N-boots"]]);
    expect(excel.engine.counters.bursts).toEqual([3]);
  });

  it("passes omitted optional arguments as null and the cell's address when requiresAddress", async () => {
    const { excel, calls } = withMatch();
    excel.setCell("Sheet1!C7", '=UKCO.MATCH("x",,,"all")');
    await excel.whenCalculated(1000);
    expect(calls).toEqual([{ name: "x", address: "Sheet1!C7", args: [null, null, "all"] }]);
  });

  it("passes a streaming function its cell's address when requiresStreamAddress", async () => {
    const excel = newExcel();
    const addresses: Array<string | undefined> = [];
    excel.customFunctions.associate("STREAM", (_label: unknown, inv: Inv) => {
      addresses.push(inv.address);
      inv.setResult?.("on");
    });
    excel.setCell("Sheet1!D4", '=UKCO.STREAM("x")');
    await excel.whenCalculated(1000);
    expect(addresses).toEqual(["Sheet1!D4"]);
  });

  it("recalculates dependent UKCO cells in order, each wave a burst, with the settled values", async () => {
    const { excel } = withMatch();
    const fieldCalls: unknown[][][] = [];
    excel.customFunctions.associate("FIELD", async (numbers: unknown[][]) => {
      fieldCalls.push(numbers);
      return numbers.map((row) => [`${String(row[0])}:name`]);
    });
    excel.setCell("Sheet1!A2", [["tesco"], ["asda"]]);
    excel.setCell("Sheet1!B2", [["=UKCO.MATCH(A2)"], ["=UKCO.MATCH(A3)"]]);
    excel.setCell("Sheet1!C2", '=UKCO.FIELD(B2:B3, "CompanyName")');
    await excel.whenCalculated(1000);
    expect(fieldCalls).toEqual([[["N-tesco"], ["N-asda"]]]);
    expect(excel.values("Sheet1!C2:C3")).toEqual([["N-tesco:name"], ["N-asda:name"]]);

    excel.resetCounters();
    excel.setCell("Sheet1!A3", "boots");
    await excel.whenCalculated(1000);
    // Only the MATCH that reads A3, then the FIELD that reads its result.
    expect(excel.engine.counters.byFunction).toEqual({ MATCH: 1, FIELD: 1 });
    expect(excel.engine.counters.bursts).toEqual([1, 1]);
    expect(excel.cell("C3").value).toBe("N-boots:name");
  });

  it("spills an array result, and shows #SPILL! with Excel's message when a cell is in the way", async () => {
    const excel = newExcel();
    let calls = 0;
    excel.customFunctions.associate("FIELD", (numbers: unknown[][], fields: unknown[][]) => {
      calls++;
      return numbers.map((n) => fields[0]!.map((f) => `${String(n[0])}.${String(f)}`));
    });
    excel.setCell("Sheet1!A1", [["a"], ["b"]]);
    excel.setCell("Sheet1!C1", [["x", "y"]]);
    excel.setCell("Sheet1!E5", "blocker");
    excel.setCell("Sheet1!D4", "=UKCO.FIELD(A1:A2, C1:D1)");
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!D4:E5")).toEqual([
      ["#SPILL!", ""],
      ["", "blocker"],
    ]);
    expect(excel.cell("D4").error).toEqual({ code: "#SPILL!", message: "Spill range isn't blank." });

    excel.setCell("Sheet1!E5", "");
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!D4:E5")).toEqual([
      ["a.x", "a.y"],
      ["b.x", "b.y"],
    ]);
    expect(excel.cell("E5").spilledFrom).toBe("Sheet1!D4");
    expect(calls).toBe(1);

    excel.setCell("Sheet1!D5", "typed over");
    expect(excel.cell("D4").error?.code).toBe("#SPILL!");
    expect(excel.cell("E4").value).toBe("");
  });

  it("shows a CustomFunctions.Error with its message, and #VALUE! without one for any other exception", async () => {
    const { excel } = withMatch();
    excel.customFunctions.associate("FIELD", () => {
      throw new TypeError("oops");
    });
    excel.setCell("Sheet1!B1", '=UKCO.MATCH("nobody")');
    excel.setCell("Sheet1!B2", '=UKCO.FIELD("01234567", "X")');
    await excel.whenCalculated(1000);
    expect(excel.cell("B1").error).toEqual({ code: "#N/A", message: "No company called nobody" });
    expect(excel.cell("B2").error).toEqual({ code: "#VALUE!" });
    expect(excel.cell("B2").diagnostic).toContain("TypeError: oops");
  });

  it("does not call a function whose input is an error: the cell shows that error, without its message", async () => {
    const { excel } = withMatch();
    const field = jest.fn((n: unknown[][]) => n);
    excel.customFunctions.associate("FIELD", field);
    excel.setCell("Sheet1!A1", [["tesco"], ["nobody"]]);
    excel.setCell("Sheet1!B1", [["=UKCO.MATCH(A1)"], ["=UKCO.MATCH(A2)"]]);
    excel.setCell("Sheet1!C1", '=UKCO.FIELD(B1:B2, "X")');
    await excel.whenCalculated(1000);
    expect(field).not.toHaveBeenCalled();
    expect(excel.cell("C1").error).toEqual({ code: "#N/A" });
  });

  it("reports #VALUE! without calling the function when a scalar parameter gets a range, and coerces typed parameters", async () => {
    const excel = newExcel();
    const twice = jest.fn((n: number) => n * 2);
    excel.customFunctions.associate("TWICE", twice);
    excel.customFunctions.associate("MATCH", jest.fn());
    excel.setCell("Sheet1!A1", [["21"], ["x"]]);
    excel.setCell("Sheet1!B1", [["=UKCO.TWICE(A1)"], ["=UKCO.TWICE(A2)"], ["=UKCO.MATCH(A1:A2)"]]);
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!B1:B3")).toEqual([[42], ["#VALUE!"], ["#VALUE!"]]);
    expect(twice).toHaveBeenCalledTimes(1);
  });

  it("cancels a running invocation when its cell is overwritten, and ignores its late result", async () => {
    const excel = newExcel();
    const answer = deferred<string>();
    const canceled = jest.fn();
    excel.customFunctions.associate("MATCH", (_n: unknown, _p: unknown, _w: unknown, _o: unknown, inv: Inv) => {
      inv.onCanceled = canceled;
      return answer.promise;
    });
    excel.setCell("Sheet1!A1", '=UKCO.MATCH("slow")');
    excel.setCell("Sheet1!A1", "typed");
    expect(canceled).toHaveBeenCalledTimes(1);
    answer.resolve("late");
    await excel.whenCalculated(1000);
    expect(excel.cell("A1").value).toBe("typed");
  });

  it("cancels and reinvokes when an input changes while the call is running", async () => {
    const excel = newExcel();
    const seen: unknown[] = [];
    const canceled = jest.fn();
    excel.customFunctions.associate("MATCH", (name: unknown, _p: unknown, _w: unknown, _o: unknown, inv: Inv) => {
      seen.push(name);
      inv.onCanceled = canceled;
      return new Promise((resolve) => setTimeout(() => resolve(`N-${String(name)}`), 20));
    });
    excel.setCell("Sheet1!A1", "first");
    excel.setCell("Sheet1!B1", "=UKCO.MATCH(A1)");
    excel.setCell("Sheet1!A1", "second");
    await excel.whenCalculated(1000);
    expect(seen).toEqual(["first", "second"]);
    expect(canceled).toHaveBeenCalledTimes(1);
    expect(excel.cell("B1").value).toBe("N-second");
  });

  it("updates a streaming cell at each setResult, recalculating its dependents, until the cell is cleared", async () => {
    const excel = newExcel();
    let stream: Inv | undefined;
    const canceled = jest.fn();
    excel.customFunctions.associate("STREAM", (_label: unknown, inv: Inv) => {
      stream = inv;
      inv.onCanceled = canceled;
    });
    const matchCalls: unknown[] = [];
    excel.customFunctions.associate("MATCH", async (name: unknown) => {
      matchCalls.push(name);
      return `N-${String(name)}`;
    });
    excel.setCell("Sheet1!A1", '=UKCO.STREAM("tick")');
    excel.setCell("Sheet1!B1", "=UKCO.MATCH(A1)");
    stream!.setResult!("one");
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!A1:B1")).toEqual([["one", "N-one"]]);
    stream!.setResult!([["two"]]);
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!A1:B1")).toEqual([["two", "N-two"]]);
    expect(matchCalls).toEqual(["one", "two"]);
    excel.setCell("Sheet1!A1", "");
    expect(canceled).toHaveBeenCalledTimes(1);
    stream!.setResult!("after");
    await excel.whenCalculated(1000);
    expect(excel.cell("A1").value).toBe("");
  });

  it("reruns every function on FullRebuild, but only volatile ones on Recalculate and Full", async () => {
    const { excel } = withMatch();
    let now = 0;
    excel.customFunctions.associate("NOW", () => ++now);
    excel.setCell("Sheet1!A1", [['=UKCO.MATCH("a")', "=UKCO.NOW()"]]);
    await excel.whenCalculated(1000);
    excel.resetCounters();
    excel.calculate("Recalculate");
    excel.calculate("Full");
    await excel.whenCalculated(1000);
    expect(excel.engine.counters.byFunction).toEqual({ NOW: 2 });
    excel.calculate("FullRebuild");
    await excel.whenCalculated(1000);
    expect(excel.engine.counters.byFunction).toEqual({ NOW: 3, MATCH: 1 });
    expect(excel.cell("B1").value).toBe(4);
  });

  it("calls functions with isInValuePreview in a preview, without writing the cell", async () => {
    const excel = newExcel();
    const flags: unknown[] = [];
    excel.customFunctions.associate("MATCH", (name: unknown, _p: unknown, _w: unknown, _o: unknown, inv: Inv) => {
      flags.push(inv.isInValuePreview);
      return `N-${String(name)}`;
    });
    const preview = await excel.preview("Sheet1!A1", '=UKCO.MATCH("tesco")');
    expect(preview.result).toEqual({ kind: "value", value: "N-tesco" });
    expect(flags).toEqual([true]);
    expect(excel.cell("A1").value).toBe("");
    expect(excel.engine.counters).toMatchObject({ invocations: 0, previews: 1 });
  });

  it("waits for CustomFunctions.associate, and says what it waits for when asked with a time limit", async () => {
    const excel = newExcel();
    excel.setCell("Sheet1!A1", '=UKCO.MATCH("x")');
    await expect(excel.whenCalculated(50)).rejects.toThrow('waiting for CustomFunctions.associate("MATCH")');
    excel.customFunctions.associate("MATCH", () => "late but fine");
    await excel.whenCalculated(1000);
    expect(excel.cell("A1").value).toBe("late but fine");
  });

  it("shows #NAME? for a function functions.json does not list", async () => {
    const excel = newExcel();
    excel.setCell("Sheet1!A1", "=UKCO.NOPE(1)");
    await excel.whenCalculated(1000);
    expect(excel.cell("A1").error?.code).toBe("#NAME?");
  });
});
