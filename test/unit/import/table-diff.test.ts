import { TableDiff, type TableChanges } from "../../../src/core/import/table-diff";
import { refreshHeader } from "../../../src/core/import/table-layout";

const HEADER = ["CompanyNumber", "CompanyName", "Turnover"];
const BEFORE = [
  ["01000001", "ALPHA LTD", 100],
  ["01000002", "BETA LTD", 200],
  ["01000003", "GAMMA LTD", ""],
];

/** The new table as the import writes it: text behind an apostrophe, as Excel is told to keep it. */
const written = (rows: unknown[][]) => rows.map((row) => row.map((v) => (typeof v === "string" && v ? `'${v}` : v)));

test.each<[string, unknown[], unknown[][], TableChanges]>([
  ["the same rows: nothing changed", HEADER, BEFORE, { added: 0, removed: 0, changedValues: 0, changedRows: 0 }],
  [
    "a row added, one removed, one value changed",
    HEADER,
    [
      ["01000001", "ALPHA LTD", 150],
      ["01000003", "GAMMA LTD", ""],
      ["01000004", "DELTA LTD", 400],
    ],
    { added: 1, removed: 1, changedValues: 1, changedRows: 1 },
  ],
  [
    "rows in another order are the same rows",
    HEADER,
    [BEFORE[2]!, BEFORE[0]!, BEFORE[1]!],
    { added: 0, removed: 0, changedValues: 0, changedRows: 0 },
  ],
  [
    "a column added or moved is not a change of every row",
    ["Turnover", "CompanyNumber", "Employees", "CompanyName"],
    BEFORE.map(([n, name, t]) => [t, n, 7, name]),
    { added: 0, removed: 0, changedValues: 0, changedRows: 0 },
  ],
  [
    "an empty value that gains one is a change",
    HEADER,
    [BEFORE[0]!, BEFORE[1]!, ["01000003", "GAMMA LTD", 5]],
    { added: 0, removed: 0, changedValues: 1, changedRows: 1 },
  ],
])("%s", (_, header, rows, expected) => {
  const diff = new TableDiff(HEADER, BEFORE);
  diff.begin(written([header])[0]!);
  // In two chunks, as the import writes them.
  diff.observe(written(rows.slice(0, 1)));
  diff.observe(written(rows.slice(1)));
  expect(diff.result()).toEqual(expected);
});

test("without a CompanyNumber column, rows are matched by their first column", () => {
  const diff = new TableDiff(
    ["Name", "Level"],
    [
      ["A", 1],
      ["B", 2],
    ],
  );
  diff.begin(["Name", "Level"]);
  diff.observe([
    ["A", 1],
    ["C", 2],
  ]);
  expect(diff.result()).toEqual({ added: 1, removed: 1, changedValues: 0, changedRows: 0 });
});

describe("a table imported when headers were field names", () => {
  const FIELDS = ["CompanyNumber", "CompanyName", "BestEstimateTurnover"];
  const LABELS = ["'Company number", "'Registered name", "'Turnover, best estimate (£)"];
  const OLD = ["CompanyNumber", "CompanyName", "BestEstimateTurnover"];

  test("its refresh compares each column with the same field's column, matching rows by company number", () => {
    const diff = new TableDiff(OLD, BEFORE, FIELDS);
    diff.begin(LABELS);
    diff.observe(
      written([
        ["01000002", "BETA LTD", 250],
        ["01000001", "ALPHA LTD", 100],
      ]),
    );
    expect(diff.result()).toEqual({ added: 0, removed: 1, changedValues: 1, changedRows: 1 });
  });

  test("a table headed by labels is compared by them, its company numbers found under their label", () => {
    const diff = new TableDiff(
      LABELS.map((l) => l.slice(1)),
      BEFORE,
      FIELDS,
    );
    diff.begin(LABELS);
    diff.observe(written([["01000003", "GAMMA LTD", 9]]));
    expect(diff.result()).toEqual({ added: 0, removed: 2, changedValues: 1, changedRows: 1 });
  });

  test.each<[string, unknown[], string[]]>([
    [
      "keeps the field names it shows, so formulas reading them as fields still work",
      OLD,
      ["'CompanyNumber", "'CompanyName", "'BestEstimateTurnover"],
    ],
    [
      "keeps names written in another case, as the catalogue spells them",
      ["companynumber", "", ""],
      ["'CompanyNumber", LABELS[1]!, LABELS[2]!],
    ],
    ["gets labels over headers that are labels", LABELS.map((l) => l.slice(1)), LABELS],
    ["gets labels over headers a user reworded", ["Number", "Who", "Money"], LABELS],
  ])("its refresh %s", (_, before, expected) => {
    expect(refreshHeader(LABELS, FIELDS, before)).toEqual(expected);
  });

  test("a column of the source's own (a score) keeps its header", () => {
    expect(refreshHeader(["'Score", ...LABELS], [undefined, ...FIELDS], ["Score", ...OLD])).toEqual([
      "'Score",
      "'CompanyNumber",
      "'CompanyName",
      "'BestEstimateTurnover",
    ]);
  });
});
