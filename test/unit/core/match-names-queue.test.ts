/**
 * Match names' review queue: which matches are queued at each threshold, one entry per distinct
 * input, decisions and what the summary counts, the rows read from a sheet block, where results
 * go, and the queue's round trip through its workbook part.
 */
import type { StoredMatch } from "../../../src/core/cache/snapshot";
import { buildSession, placeResults } from "../../../src/core/match-names/build";
import {
  columnOptions,
  firstFreeColumns,
  guessHintColumn,
  looksLikeNameHeader,
  nameRows,
  type SheetBlock,
} from "../../../src/core/match-names/input";
import {
  decisionCells,
  matchFormulas,
  LEGACY_OUTPUT_WIDTH,
  OUTPUT_HEADER,
  resultGrid,
} from "../../../src/core/match-names/output";
import {
  buildQueue,
  decide,
  firstOpen,
  needsReview,
  nextOpen,
  nextTeamDecided,
  summarise,
  type Threshold,
} from "../../../src/core/match-names/queue";
import type { RunOutcome } from "../../../src/core/match-names/run";
import { MATCH_SESSION_NAMESPACE, readSessionXml, sessionXml } from "../../../src/core/match-names/session";
import { matchKey } from "../../../src/core/match-key";

const match = (confidence: string, number: string | null = "01234567"): StoredMatch => ({
  number,
  name: number ? `COMPANY ${number} LTD` : null,
  status: number ? "Active" : null,
  confidence,
  route: number ? "slow" : null,
  postcode: null,
  rigorous: false,
});

describe("threshold", () => {
  // [confidence, threshold, queued]
  const cases: Array<[string, Threshold, boolean]> = [
    ["high", "medium", false],
    ["medium", "medium", false],
    ["low", "medium", true],
    ["none", "medium", true],
    ["high", "high", false],
    ["medium", "high", true],
    ["medium", "low", false],
    ["low", "low", false],
    ["none", "low", true],
    // A band a later release adds is reviewed, never trusted blindly.
    ["very high", "low", true],
  ];
  test.each(cases)("a %s match at threshold %s: queued %s", (confidence, threshold, queued) => {
    expect(needsReview(match(confidence), threshold)).toBe(queued);
  });

  test("a high-confidence answer without a number is still queued", () => {
    expect(needsReview(match("high", null), "low")).toBe(true);
  });
});

const block = (values: unknown[][], top = 0, nameColumn = 0): SheetBlock => ({
  sheet: "Suppliers",
  top,
  nameColumn,
  values,
  formulas: values,
});

describe("rows and columns", () => {
  const sheet = block(
    [
      ["Company name", "Post code", "Website", "Notes"],
      ["Acme Widgets Ltd", "AB1 2CD", "acme.example", "x"],
      ["", "", "", ""],
      ["ACME  widgets ltd", "ab1 2cd", "ACME.example", ""],
      ["Bravo Limited", "", "", ""],
    ],
    4,
  );

  test("reads a header, guesses the hint columns by header, and skips empty names", () => {
    expect(looksLikeNameHeader("Company name")).toBe(true);
    expect(looksLikeNameHeader("Acme Widgets Ltd")).toBe(false);
    const options = columnOptions(sheet, true);
    expect(options.map((o) => o.label)).toEqual(["B: Post code", "C: Website", "D: Notes"]);
    const choice = {
      header: true,
      postcodeColumn: guessHintColumn(options, "postcode"),
      websiteColumn: guessHintColumn(options, "website"),
    };
    expect(choice).toEqual({ header: true, postcodeColumn: 1, websiteColumn: 2 });
    const rows = nameRows(sheet, choice);
    expect(rows.map((r) => r.row)).toEqual([5, 7, 8]);
    // Case and spacing do not make inputs different: the first two rows are one name to match.
    expect(rows[0]!.key).toBe(rows[1]!.key);
    expect(rows[2]!.key).toBe(matchKey("Bravo Limited", "", ""));
  });

  test("a name too long for the service is that row's problem, not the run's", () => {
    const rows = nameRows(block([["x".repeat(600)], ["Fine Ltd"]]), { header: false });
    expect(rows[0]!.problem).toMatch(/600 characters/);
    expect(rows[1]!.key).toBeDefined();
  });

  test("results go in the first four columns right of the names that are empty in every row", () => {
    const formulas = [
      ["Name", "", "Pc", "", "", "", "", ""],
      ["A", "", "", "", "", "", "=X()", ""],
    ];
    // B is free but C holds a header; D to G would hit the formula in G.
    expect(firstFreeColumns({ ...block(formulas), formulas }, 4)).toBe(7);
    expect(firstFreeColumns(block([["A"], ["B"]]), 4)).toBe(1);
  });

  test("a run for the same names writes over the previous run's columns only while they carry its header", () => {
    const previous = { ...buildSession(sessionInput()).session, outputColumn: 2 };
    const again = block([
      ["Name", "Notes", ...OUTPUT_HEADER],
      ["Acme Ltd", "x", "'01234567", "ACME LTD", "high", "Active"],
    ]);
    expect(placeResults(again, true, previous)).toEqual({ column: 2, replacesPrevious: true });
    // The user's own data now stands where the results were: the first free columns instead.
    const edited = block([
      ["Name", "Notes", "Owner", ...OUTPUT_HEADER.slice(1)],
      ["Acme Ltd", "x", "me", "ACME LTD", "high", "Active"],
    ]);
    expect(placeResults(edited, true, previous)).toEqual({ column: 2 + OUTPUT_HEADER.length, replacesPrevious: false });
    expect(placeResults(block(again.values, 0, 1), true, previous).replacesPrevious).toBe(false);
    expect(placeResults(block(again.values.slice(1)), false, previous).replacesPrevious).toBe(false);
  });
});

describe("result cells", () => {
  test("values, formulas over the row's own cells, a queued row marked, and a failed job's reason", () => {
    const key = (name: string) => matchKey(name, "", "");
    const results = new Map([
      [key("A")!, match("high")],
      [key("C")!, match("low")],
    ]);
    const rows = [
      { row: 1, key: key("A") },
      { row: 3, key: key("B") },
      { row: 4, key: key("C") },
    ];
    const grid = resultGrid({
      firstRow: 1,
      lastRow: 4,
      rows,
      output: "values",
      results,
      failed: new Map([[key("B")!, "Matching job 1 of 1 failed: down"]]),
      columns: { nameColumn: 0 },
      queued: (m) => m.confidence === "low",
    });
    expect(grid).toEqual([
      ["'01234567", "'COMPANY 01234567 LTD", "high", "'Active", ""],
      ["", "", "", "", ""],
      ["", "", "not matched", "'Matching job 1 of 1 failed: down", ""],
      ["'01234567", "'COMPANY 01234567 LTD", "low", "'Active", "to review"],
    ]);
    expect(matchFormulas(4, { nameColumn: 0, websiteColumn: 2 })).toEqual([
      '=UKCO.MATCH(A5,"",C5,"number")',
      '=UKCO.MATCH(A5,"",C5,"name")',
      '=UKCO.MATCH(A5,"",C5,"confidence")',
      '=UKCO.MATCH(A5,"",C5,"status")',
      "",
    ]);
  });

  test.each([
    [
      "rejected: no number to look up, the confidence kept",
      { kind: "rejected" as const },
      undefined,
      ["", "", "low", "", "rejected"],
    ],
    [
      "accepted: the number with its registered name and status",
      { kind: "accepted" as const, number: "SC000123" },
      undefined,
      ["'SC000123", "'X LTD", "low", "'Active", "accepted"],
    ],
    [
      "an older four-column session: the decision where the confidence was",
      { kind: "rejected" as const },
      LEGACY_OUTPUT_WIDTH,
      ["", "", "rejected in review", ""],
    ],
  ])("a decision's cells, %s", (_, decision, width, cells) => {
    expect(decisionCells(decision, { record: { name: "X LTD", status: "Active" }, confidence: "low", width })).toEqual(
      cells,
    );
  });
});

function sessionInput() {
  const values = [["Name"], ["Acme Ltd"], ["acme ltd"], ["Bravo <&> Co"], ["Charlie"], ["Delta"]];
  const sheet = block(values, 0);
  const choice = { header: true };
  const rows = nameRows(sheet, choice);
  const k = (i: number) => rows[i]!.key!;
  const outcome: RunOutcome = {
    results: new Map([
      [k(0), match("low", "00000001")],
      [k(2), match("none", null)],
      [k(3), match("high", "00000003")],
    ]),
    failures: [{ job: 1, keys: [k(4)], message: "Matching job 1 of 1 failed: down" }],
    jobs: 1,
    cancelled: false,
    decided: 0,
    mine: new Set(),
  };
  return {
    block: sheet,
    choice,
    rows,
    outcome,
    threshold: "medium" as const,
    output: "values" as const,
    column: 2,
    now: new Date(0),
  };
}

describe("queue", () => {
  test("identical inputs are one entry covering all their rows, in sheet order", () => {
    const { session } = buildSession(sessionInput());
    expect(session.queue.map((e) => [e.name, e.rows])).toEqual([
      ["Acme Ltd", [1, 2]],
      ["Bravo <&> Co", [3]],
    ]);
    expect(summarise(session.queue, session.totalRows, session.unmatchedRows)).toEqual({
      automatic: 1,
      accepted: 0,
      rejected: 0,
      left: 3,
      team: 0,
      unmatched: 1,
    });
  });

  test("decisions count the rows they cover; skip and decide move to the next open entry", () => {
    const { session } = buildSession(sessionInput());
    const queue = [
      ...session.queue,
      ...buildQueue(
        [{ row: 9, key: "Z", name: "Z", postcode: "", website: "" }],
        new Map([["Z", match("low")]]),
        "medium",
      ),
    ];
    expect(nextOpen(queue, 0)).toBe(1);
    const accepted = decide(queue, 0, { kind: "accepted", number: "00000009" });
    const both = decide(accepted, 2, { kind: "rejected" });
    expect(nextOpen(both, 2)).toBe(1);
    expect(nextOpen(decide(both, 1, { kind: "rejected" }), 1)).toBe(-1);
    expect(summarise(both, 6, 0)).toMatchObject({ accepted: 2, rejected: 1, left: 1, automatic: 2 });
    expect(queue[0]!.decision).toBeUndefined();
  });
});

describe("persistence", () => {
  test("the queue and its decisions survive the round trip through the workbook part", () => {
    const { session } = buildSession(sessionInput());
    const decided = { ...session, queue: decide(session.queue, 1, { kind: "rejected" }), position: 0 };
    const xml = sessionXml(decided);
    expect(xml.startsWith(`<matchNames xmlns="${MATCH_SESSION_NAMESPACE}">`)).toBe(true);
    // Names with XML's special characters are escaped inside the JSON, so the part is well-formed.
    expect(xml.slice(xml.indexOf(">") + 1, xml.lastIndexOf("<"))).not.toMatch(/[<>&]/);
    expect(readSessionXml(xml)).toEqual({ ok: true, session: decided });
  });

  test.each([
    ["<other>{}</other>", /not a <matchNames> part/],
    [`<matchNames xmlns="${MATCH_SESSION_NAMESPACE}">{broken</matchNames>`, /not JSON/],
    [`<matchNames xmlns="${MATCH_SESSION_NAMESPACE}">{"version":1}</matchNames>`, /does not fit its format \(sheet/],
  ])("a damaged part is reported: %s", (xml, problem) => {
    const read = readSessionXml(xml);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toMatch(problem);
  });
});

describe("names a team decision answered", () => {
  const decided = (by: string, number: string | null): StoredMatch => ({
    ...match("team", number),
    team: { by, at: "2025-05-03T14:02:00.000Z" },
  });
  const rows = ["A", "B", "C", "D"].map((key, i) => ({ row: i + 1, key, name: key, postcode: "", website: "" }));
  const results = new Map([
    ["A", decided("ana", "00000001")],
    ["B", match("low")],
    ["C", decided("ben", null)],
    ["D", match("high")],
  ]);

  test("are in the queue already decided, marked whose; the review starts at the first name still open", () => {
    const queue = buildQueue(rows, results, "medium", new Set(["C"]));
    expect(queue.map((e) => [e.key, e.decision, e.team])).toEqual([
      ["A", { kind: "accepted", number: "00000001" }, { by: "ana", at: "2025-05-03T14:02:00.000Z", mine: false }],
      ["B", undefined, undefined],
      ["C", { kind: "rejected" }, { by: "ben", at: "2025-05-03T14:02:00.000Z", mine: true }],
    ]);
    expect(firstOpen(queue)).toBe(1);
    expect(nextOpen(queue, 1)).toBe(1);
    expect(nextTeamDecided(queue, 0)).toBe(2);
    expect(summarise(queue, 4, 0)).toEqual({ automatic: 1, accepted: 0, rejected: 0, left: 1, team: 2, unmatched: 0 });
  });

  test("an override is the reviewer's own decision from then on", () => {
    const queue = decide(buildQueue(rows, results, "medium"), 0, { kind: "rejected" });
    expect(queue[0]).toMatchObject({ decision: { kind: "rejected" } });
    expect(queue[0]!.team).toBeUndefined();
    expect(summarise(queue, 4, 0)).toMatchObject({ rejected: 1, team: 1 });
  });

  test("the review column says who decided, as text Excel never runs", () => {
    const grid = resultGrid({
      firstRow: 1,
      lastRow: 2,
      rows: [
        { row: 1, key: "A" },
        { row: 2, key: "E" },
      ],
      output: "values",
      results: new Map([
        ["A", decided("ana", "00000001")],
        ["E", decided("=HYPERLINK(1)", null)],
      ]),
      failed: new Map(),
      columns: { nameColumn: 0 },
      queued: () => false,
    });
    expect(grid.map((row) => [row[0], row[2], row[4]])).toEqual([
      ["'00000001", "team", "'decided by ana"],
      ["", "team", "'decided by =HYPERLINK(1)"],
    ]);
  });
});
