/**
 * The company tearsheet as data: TEARSHEET lists its rows top to bottom, each a label and a UKCO
 * formula built from the cell that holds the company number, so the sheet refreshes like any other
 * UKCO cell and a new row is one line here. A history reserves a fixed block (a header and `years`
 * rows) for its spill, so its chart can be pointed at the block before the formula has answered and
 * nothing below is ever in the spill's way; the group table comes last, free to grow downwards.
 * layoutTearsheet turns the template into cells and charts; the host only writes them.
 */
import { fieldLabel, fieldNumberFormat, NUMBER_FORMATS } from "./field-labels";
import { buildFieldFormula, quoteText } from "./formula-builder";
import { columnLetters } from "./import/a1";

/** Where a formula's inputs are on the sheet: absolute addresses (`$B$2`). */
export interface TearsheetRefs {
  /** The cell holding the company number. */
  number: string;
  /** The value cell of an earlier row, by its label (for a formula that reads another row). */
  row(label: string): string;
}

/** The chart types a history block can have (Excel.ChartType values). */
export type HistoryChartType = "Line" | "ColumnClustered";

export type TearsheetEntry =
  | { kind: "heading"; text: string }
  | { kind: "row"; label: string; formula: (refs: TearsheetRefs) => string; numberFormat?: string }
  | { kind: "history"; label: string; measure: string; years: number; chart: HistoryChartType }
  | { kind: "table"; label: string; formula: (refs: TearsheetRefs) => string }
  | {
      kind: "peers";
      label: string;
      /** How many of the company's similar companies (SimilarCompanies, most similar first). */
      count: number;
      /** The fields compared, one column each. */
      fields: readonly string[];
      /** A chart of these fields across the companies, by registered name. */
      charts: readonly { field: string; type: HistoryChartType }[];
    };

export const heading = (text: string): TearsheetEntry => ({ kind: "heading", text });

/**
 * A row showing one field of the record (a list spills across the row), in its field's number
 * format: where Excel takes no data types from add-ins, a date arrives as a bare serial number, and
 * the cell's own format shows it as a date.
 */
export const field = (
  label: string,
  path: string,
  options: { ifEmpty?: string; numberFormat?: string } = {},
): TearsheetEntry => {
  const numberFormat = options.numberFormat ?? fieldNumberFormat(path);
  return {
    kind: "row",
    label,
    formula: (refs) =>
      `=UKCO.FIELD(${refs.number},${quoteText(path)}${options.ifEmpty === undefined ? "" : `,${quoteText(options.ifEmpty)}`})`,
    ...(numberFormat ? { numberFormat } : {}),
  };
};

/** A row with any formula of the company number (and of earlier rows). */
export const row = (
  label: string,
  formula: (refs: TearsheetRefs) => string,
  numberFormat?: string,
): TearsheetEntry => ({
  kind: "row",
  label,
  formula,
  ...(numberFormat ? { numberFormat } : {}),
});

/** INFERRED (ours): ten years fit any record the product API sends (it keeps four or five years of accounts). */
const HISTORY_YEARS = 10;

/** A yearly history (UKCO.HISTORY's table: Year | value) with a chart of it. */
export const history = (label: string, measure: string, chart: HistoryChartType): TearsheetEntry => ({
  kind: "history",
  label,
  measure,
  years: HISTORY_YEARS,
  chart,
});

const WHOLE_NUMBER = "#,##0";

/** A spilled table under its own heading; only the last entry may be one, as nothing below limits its growth. */
export const table = (label: string, formula: (refs: TearsheetRefs) => string): TearsheetEntry => ({
  kind: "table",
  label,
  formula,
});

/**
 * The company beside its most similar companies: a row each, the fields compared in columns (one
 * spilled UKCO.FIELD over the numbers), how similar each is, and a chart of each charted field.
 */
export const peers = (
  label: string,
  count: number,
  fields: readonly string[],
  charts: readonly { field: string; type: HistoryChartType }[],
): TearsheetEntry => ({ kind: "peers", label, count, fields, charts });
export const TEARSHEET: readonly TearsheetEntry[] = [
  heading("Company"),
  field("Name", "CompanyName"),
  field("Status", "CompanyStatus"),
  field("Category", "CompanyCategory"),
  field("Incorporated", "IncorporationDate"),
  field("Registered address", "RegisteredAddress"),
  field("Postcode", "RegisteredPostcode"),
  field("Website", "Homepage_domain"),
  field("Turnover (best estimate, GBP)", "BestEstimateTurnover", { numberFormat: WHOLE_NUMBER }),
  field("Employees (best estimate)", "BestEstimateEmployees", { numberFormat: WHOLE_NUMBER }),
  field("Size", "CompanyGrowthTrends.CompanySizeEstimate"),
  field("Description", "CompanyDescription"),
  row("Data fetched (UTC)", (refs) => `=UKCO.ASOF(${refs.number})`, NUMBER_FORMATS["date-time"]),
  heading("Classification"),
  field("SIC codes", "SICs"),
  field("Industry (RTIC)", "RTICs[0].Description"),
  row("Classified from the description", (refs) => `=UKCO.CLASSIFY(${refs.row("Description")})`),
  heading("Latest funding round"),
  field("Round", "LatestRoundType", { ifEmpty: "None recorded" }),
  field("Amount (GBP)", "LatestRoundAmount", { numberFormat: WHOLE_NUMBER }),
  field("Date", "LatestRoundDate"),
  field("Valuation (GBP)", "LatestRoundValuation", { numberFormat: WHOLE_NUMBER }),
  field("Total raised (GBP m)", "Investment[0].TotalInvestmentRaised_GBP_Million"),
  heading("Group"),
  field("Ultimate UK parent", "UltimateUKParentCompanyNames[0]"),
  field("Ultimate parent number", "UltimateLinkedCompanyNumber"),
  field("Group id", "GroupCompanyId"),
  history("Turnover (filed accounts)", "TURNOVER", "ColumnClustered"),
  history("Employees (filed accounts)", "NUMBER_OF_EMPLOYEES", "Line"),
  table("Group structure", (refs) => `=UKCO.GROUP(${refs.number})`),
];

/** INFERRED (ours): the sandbox keeps three similar companies a record; five leaves room for more. */
const PEERS_SHOWN = 5;
/** The peers' names, sizes and growth; the name column is what the charts are read by. */
const PEER_FIELDS = [
  "CompanyName",
  "BestEstimateTurnover",
  "BestEstimateEmployees",
  "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear",
  "CompanyGrowthTrends.BestEstimateEmployeeGrowthPercentagePerYear",
  "IncorporationDate",
] as const;

/** The peer comparison, top to bottom. */
export const PEER_TEMPLATE: readonly TearsheetEntry[] = [
  heading("Company"),
  field("Name", "CompanyName"),
  field("Status", "CompanyStatus"),
  field("Industry (RTIC)", "RTICs[0].Description"),
  peers("Similar companies", PEERS_SHOWN, PEER_FIELDS, [
    { field: "BestEstimateTurnover", type: "ColumnClustered" },
    { field: "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear", type: "ColumnClustered" },
  ]),
];

/** The sheets one click makes from a company: a table entry each, laid out by the same code. */
export const SHEET_TEMPLATES = {
  tearsheet: { title: "Company tearsheet", sheetPrefix: "Tearsheet", entries: TEARSHEET },
  peers: { title: "Peer comparison", sheetPrefix: "Peers", entries: PEER_TEMPLATE },
} as const satisfies Record<string, { title: string; sheetPrefix: string; entries: readonly TearsheetEntry[] }>;
export type SheetTemplateId = keyof typeof SHEET_TEMPLATES;

/** One cell the host writes: text or a number as typed, or a formula (text starting "="). */
export interface TearsheetCell {
  /** On the tearsheet, A1-style (`B4`). */
  address: string;
  value: string;
  /** "text" cells are written as text even when they look like a number (the company number); "format" cells get only their number format. */
  style?: "title" | "heading" | "label" | "text" | "format";
  numberFormat?: string;
}

export interface TearsheetChart {
  title: string;
  type: HistoryChartType;
  /** The history's value column below its header (the series' values), e.g. `B35:B44`. */
  values: string;
  /** The history's year column below its header (the categories), e.g. `A35:A44`. */
  years: string;
  /** The cells the chart covers: top-left and bottom-right. */
  from: string;
  to: string;
}

export interface TearsheetLayout {
  cells: TearsheetCell[];
  charts: TearsheetChart[];
  /** The company number's cell. */
  numberCell: string;
}

const COLUMNS = { label: "A", value: "B" } as const;
/** A chart sits right of its history block (Year, value and an Estimated column), this many columns wide. */
const CHART_COLUMNS = { first: "E", last: "K" } as const;

const absolute = (address: string) => address.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");

/** The cells and charts of a tearsheet for `number`, from `template` (TEARSHEET unless a test gives another). */
export function layoutTearsheet(
  number: string,
  template: readonly TearsheetEntry[] = TEARSHEET,
  title: string = SHEET_TEMPLATES.tearsheet.title,
): TearsheetLayout {
  const numberCell = `${COLUMNS.value}2`;
  const cells: TearsheetCell[] = [
    { address: "A1", value: title, style: "title" },
    { address: `${COLUMNS.label}2`, value: "Company number", style: "label" },
    { address: numberCell, value: number, style: "text" },
  ];
  const charts: TearsheetChart[] = [];
  const rowsByLabel = new Map<string, string>();
  const refs: TearsheetRefs = {
    number: absolute(numberCell),
    row(label) {
      const address = rowsByLabel.get(label);
      if (!address) throw new Error(`The tearsheet has no row "${label}" above the row that reads it.`);
      return absolute(address);
    },
  };
  let next = 4;
  for (const entry of template) {
    const at = next;
    if (entry.kind === "heading") {
      // A blank row before each section but the first.
      const line = at === 4 ? at : at + 1;
      cells.push({ address: `${COLUMNS.label}${line}`, value: entry.text, style: "heading" });
      next = line + 1;
    } else if (entry.kind === "row") {
      const address = `${COLUMNS.value}${at}`;
      cells.push({ address: `${COLUMNS.label}${at}`, value: entry.label, style: "label" });
      cells.push({
        address,
        value: entry.formula(refs),
        ...(entry.numberFormat ? { numberFormat: entry.numberFormat } : {}),
      });
      rowsByLabel.set(entry.label, address);
      next = at + 1;
    } else if (entry.kind === "history") {
      // Heading row, then the spill: its header row and `years` rows.
      const top = at + 1;
      const header = top + 1;
      const first = header + 1;
      const last = header + entry.years;
      cells.push({ address: `${COLUMNS.label}${top}`, value: entry.label, style: "heading" });
      cells.push({ address: `${COLUMNS.label}${header}`, value: historyFormula(refs.number, entry) });
      charts.push({
        title: entry.label,
        type: entry.chart,
        values: `${COLUMNS.value}${first}:${COLUMNS.value}${last}`,
        years: `${COLUMNS.label}${first}:${COLUMNS.label}${last}`,
        from: `${CHART_COLUMNS.first}${top}`,
        to: `${CHART_COLUMNS.last}${last}`,
      });
      next = last + 1;
    } else if (entry.kind === "peers") {
      const block = layoutPeers(entry, refs.number, at + 1);
      cells.push(...block.cells);
      charts.push(...block.charts);
      next = block.next;
    } else {
      const top = at + 1;
      cells.push({ address: `${COLUMNS.label}${top}`, value: entry.label, style: "heading" });
      cells.push({ address: `${COLUMNS.label}${top + 1}`, value: entry.formula(refs) });
      next = top + 2;
    }
  }
  return { cells, charts, numberCell };
}

/** INFERRED (ours): each peer chart is this many rows tall, under the table. */
const PEER_CHART_ROWS = 14;

/**
 * The peers block from row `top`: a heading, a header of labels, the company's row and its peers'
 * (each peer's number read from the company's SimilarCompanies), one spilled FIELD for the compared
 * fields, the similarity last, then a chart of each charted field by company name.
 */
function layoutPeers(
  entry: Extract<TearsheetEntry, { kind: "peers" }>,
  number: string,
  top: number,
): { cells: TearsheetCell[]; charts: TearsheetChart[]; next: number } {
  const header = top + 1;
  const first = header + 1;
  const last = first + entry.count;
  const column = (f: number) => columnLetters(1 + f);
  const similarityColumn = column(entry.fields.length);
  const peer = (i: number, member: string) =>
    `=UKCO.FIELD(${number},${quoteText(`SimilarCompanies[${i}].${member}`)},"")`;
  const cells: TearsheetCell[] = [
    { address: `A${top}`, value: entry.label, style: "heading" },
    { address: `A${header}`, value: fieldLabel("CompanyNumber"), style: "label" },
    ...entry.fields.map((f, i) => ({
      address: `${column(i)}${header}`,
      value: fieldLabel(f),
      style: "label" as const,
    })),
    { address: `${similarityColumn}${header}`, value: "Similarity", style: "label" },
    { address: `A${first}`, value: `=UKCO.FIELD(${number},"CompanyNumber")` },
    ...Array.from({ length: entry.count }, (_, i) => [
      { address: `A${first + 1 + i}`, value: peer(i, "CompanyTwo") },
      { address: `${similarityColumn}${first + 1 + i}`, value: peer(i, "Similarity"), numberFormat: "0.000" },
    ]).flat(),
    {
      address: `B${first}`,
      value: buildFieldFormula({ numbers: `A${first}:A${last}`, fields: { names: [...entry.fields] }, ifEmpty: '""' }),
    },
    // Formats for the whole column of each field: the spill's cells take them when they fill.
    ...entry.fields.flatMap((f, i) => {
      const format = fieldNumberFormat(f);
      return format
        ? Array.from({ length: last - first + 1 }, (_, r) => ({
            address: `${column(i)}${first + r}`,
            value: "",
            style: "format" as const,
            numberFormat: format,
          }))
        : [];
    }),
  ];
  const nameColumn = column(entry.fields.indexOf("CompanyName"));
  const charts = entry.charts.map((chart, c): TearsheetChart => {
    const at = last + 2 + c * (PEER_CHART_ROWS + 1);
    const values = column(entry.fields.indexOf(chart.field));
    return {
      title: fieldLabel(chart.field),
      type: chart.type,
      values: `${values}${first}:${values}${last}`,
      years: `${nameColumn}${first}:${nameColumn}${last}`,
      from: `A${at}`,
      to: `G${at + PEER_CHART_ROWS - 1}`,
    };
  });
  return { cells, charts, next: last + 2 + entry.charts.length * (PEER_CHART_ROWS + 1) };
}

export function historyFormula(number: string, entry: Extract<TearsheetEntry, { kind: "history" }>): string {
  return `=UKCO.HISTORY(${number},${quoteText(entry.measure)},${entry.years})`;
}

/** INFERRED (ours): "Tearsheet 01234567", then "Tearsheet 01234567 (2)", … when taken (names compared as Excel does, ignoring case). */
export function tearsheetSheetName(number: string, taken: readonly string[], prefix = "Tearsheet"): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  const base = `${prefix} ${number}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!used.has(name.toLowerCase())) return name;
  }
}
