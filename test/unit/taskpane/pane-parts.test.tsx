/** The pane's parts that need no browser: the chart's picture and words, masking, status wording, views, pickers. */
import { suggestionFor } from "../../../src/taskpane/shell/useSelectionSuggestion";
import { renderToStaticMarkup } from "react-dom/server";
import { BarChart } from "../../../src/taskpane/components/BarChart";
import { maskSecret } from "../../../src/taskpane/mask";
import { describeStatus } from "../../../src/features/sign-in/StatusLine";
import { groupViews, type PaneView } from "../../../src/features/registry";
import { pickerGroups } from "../../../src/features/import/useFilterCatalogue";

describe("bar chart", () => {
  const chart = {
    id: "rtic" as const,
    title: "Companies by RTIC",
    bars: [
      { label: "<b>Retail</b>", count: 40 },
      { label: "Pubs", count: 10 },
    ],
  };

  test("is a labelled picture whose description holds the data in words", () => {
    const html = renderToStaticMarkup(<BarChart chart={chart} />);
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain("<desc");
    expect(html).toContain("Companies by RTIC (50 in all). &lt;b&gt;Retail&lt;/b&gt;: 40; Pubs: 10.");
  });

  test("draws bars in proportion and shows service text as text, never markup", () => {
    const html = renderToStaticMarkup(<BarChart chart={chart} />);
    const widths = [...html.matchAll(/<rect[^>]* width="(\d+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([120, 30]);
    expect(html).not.toContain("<b>");
  });
});

describe("credentials on screen", () => {
  test("show at most their last four characters", () => {
    expect(maskSecret("sbx_product_full_3f9c2a7d41b8e605")).toBe("••••••••e605");
    expect(maskSecret("short-key")).toBe("••••••••");
  });

  test("status says who and until when, or what went wrong", () => {
    expect(
      describeStatus({
        service: "classification",
        signedIn: true,
        username: "a@b.c",
        expiresAt: Date.UTC(2030, 0, 2, 3, 4),
      }),
    ).toMatchObject({
      label: "Signed in",
      detail: "Signed in as a@b.c until 2030-01-02 03:04 UTC.",
    });
    expect(describeStatus({ service: "product", signedIn: true, problem: "rejected" }).label).toBe("Refused");
    expect(describeStatus({ service: "classification", signedIn: false, problem: "expired" }).label).toBe("Expired");
    expect(describeStatus({ service: "market", signedIn: false }).label).toBe("Not signed in");
  });
});

describe("views and pickers", () => {
  test("views are grouped in the order they are listed, a group where its first view is", () => {
    const view = (id: string, group: PaneView["group"]): PaneView => ({
      id,
      group,
      title: id,
      description: "",
      Component: () => null,
    });
    const grouped = groupViews([
      view("a", "Set up"),
      view("b", "Find companies"),
      view("c", "Set up"),
      view("d", "Keep it current"),
    ]);
    expect(grouped.map((g) => [g.group, g.views.map((v) => v.id)])).toEqual([
      ["Set up", ["a", "c"]],
      ["Find companies", ["b"]],
      ["Keep it current", ["d"]],
    ]);
  });

  test("only catalogue groups that feed a request field become pickers", () => {
    const groups = pickerGroups([
      {
        Field: "rtics",
        Name: "RTICs",
        Values: [
          { Code: "RTIC-1", Description: "Software" },
          { Code: undefined, Description: "no code" },
        ],
      },
      { Field: "Colour", Name: "Colours", Values: [{ Code: "red", Description: "Red" }] },
      { Field: "Nations", Name: undefined, Values: [{ Code: "Wales", Description: undefined }] },
    ]);
    expect(groups).toEqual([
      { field: "rtics", name: "RTICs", values: [{ code: "RTIC-1", description: "Software" }] },
      { field: "Nations", name: "Nations", values: [{ code: "Wales", description: "Wales" }] },
    ]);
  });
});

describe("the home page's suggestion from the selection", () => {
  const column = (values: unknown[], rowCount = values.length, address = "Sheet1!A1:A9") => ({
    address,
    rowCount,
    values,
  });
  test.each([
    ["names under a header", column(["Company name", "Tesco PLC", "Acme Ltd", "Bravo Co"]), { kind: "names", rows: 3 }],
    ["numbers, none blank", column(["00012345", "SC123456", 1234567]), { kind: "numbers", rows: 3 }],
    [
      "a long column, counted from its sample",
      column(["Company number", "00012345", "00012346"], 300),
      { kind: "numbers", rows: 299 },
    ],
    ["one filled cell", column(["Tesco PLC", ""]), undefined],
    ["several areas", column(["a", "b"], 2, "Sheet1!A1:A2,C1:C2"), undefined],
  ])("%s", (_, selected, expected) => {
    const found = suggestionFor(selected);
    expect(found === undefined ? undefined : { kind: found.kind, rows: found.rows }).toEqual(expected);
  });
});
