/**
 * A company's yearly series of one measure, read from its record: a numeric item of its filed
 * accounts (`CompanyFinancials_Vendor`, by `YEAR`) or one of its yearly estimates
 * (`CompanyGrowthTrends.TurnoverEstimates` / `EmploymentEstimates`, with their `Estimated` flag).
 * The rule: one point a year, from the latest item of that year (latest `MADE_UPTO_DATE`, then the
 * later in the list), oldest year first. Numbers sent as text and items' names in another case are
 * read; a value that is not a number is named in its own point, never guessed, and an item whose
 * year cannot be told is named apart, so it spoils no other year.
 */
import { findCompanyField } from "@ukco/api/product/fields";
import { isObject, nameKey, valueOf } from "@ukco/api/read";
import { closestMatches } from "./closest";
import { InvalidArgumentError, NotFoundError, UserError } from "./errors";

/** Where a series' items are in the record, and which item fields give the year, order and flag. */
export interface SeriesSource {
  /** Field path of the list, as UKCO.FIELD takes it. */
  path: string;
  /** What one item is, for messages: "filing", "estimate". */
  item: string;
  year: string;
  /** The item's date: among items of one year the latest wins. */
  date?: string;
  /** The item's flag of an estimated (not reported) value. */
  estimated?: string;
}

export const FILINGS: SeriesSource = {
  path: "CompanyFinancials_Vendor",
  item: "filing",
  year: "YEAR",
  date: "MADE_UPTO_DATE",
};
const estimates = (path: string): SeriesSource => ({ path, item: "estimate", year: "Year", estimated: "Estimated" });
const TURNOVER_ESTIMATES = estimates("CompanyGrowthTrends.TurnoverEstimates");
const EMPLOYMENT_ESTIMATES = estimates("CompanyGrowthTrends.EmploymentEstimates");

export interface Measure {
  /** The name the table's header shows and messages use. */
  name: string;
  source: SeriesSource;
  /** The item field holding the value. */
  value: string;
}

/** Numeric items of a filing other than its year: each is a measure under its own name. */
const FILING_ITEMS: readonly string[] = (findCompanyField(FILINGS.path)?.items ?? [])
  .filter((item) => (item.kind === "number" || item.kind === "integer") && item.name !== FILINGS.year)
  .map((item) => item.name);

/** Measures other than the filing items, one line each: the estimate series and other names people use. */
const MORE_MEASURES: readonly (Measure & { also?: readonly string[] })[] = [
  { name: "TurnoverEstimates", source: TURNOVER_ESTIMATES, value: "Measure" },
  { name: "EmploymentEstimates", source: EMPLOYMENT_ESTIMATES, value: "Measure" },
  { name: "NUMBER_OF_EMPLOYEES", source: FILINGS, value: "NUMBER_OF_EMPLOYEES", also: ["Employees"] },
];

const MEASURES = new Map<string, Measure>();
for (const name of FILING_ITEMS) MEASURES.set(nameKey(name), { name, source: FILINGS, value: name });
for (const { also, ...measure } of MORE_MEASURES)
  for (const name of [measure.name, ...(also ?? [])]) MEASURES.set(nameKey(name), measure);

/** Every measure name, for suggestions. */
export const MEASURE_NAMES: readonly string[] = [...FILING_ITEMS, ...MORE_MEASURES.map((m) => m.name)];

/** The measure a user named, ignoring case, spaces and underscores ("net assets"); a wrong name is an InvalidArgumentError naming the closest. */
export function findMeasure(input: unknown): Measure {
  const text = typeof input === "string" ? input.trim() : typeof input === "number" ? String(input) : "";
  const known = MEASURES.get(nameKey(text));
  if (known) return known;
  const hint = `A measure is a numeric item of the filed accounts (such as "TURNOVER", "EBITDA" or "NUMBER_OF_EMPLOYEES"), "TurnoverEstimates" or "EmploymentEstimates".`;
  if (!text) throw new InvalidArgumentError(`Give the measure as text. ${hint}`);
  const [best] = closestMatches(text, MEASURE_NAMES, 1);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  throw new InvalidArgumentError(`Unknown measure "${shown}".${best ? ` Did you mean "${best}"?` : ""} ${hint}`);
}

/** One year of a series. `value` null: the year's item has no value for the measure. */
export interface SeriesPoint {
  year: number;
  value: number | null | UserError;
  /** Estimate series only: whether the value is estimated; null when the item does not say. */
  estimated?: boolean | null | UserError;
}

export interface Series {
  measure: Measure;
  /** Oldest year first, one point a year. */
  points: SeriesPoint[];
  /** Items whose year cannot be told, each named in its error. */
  unplaced: UserError[];
}

/** A number, or a number sent as text ("1,250,000", " 42 "); null when absent; undefined when not a number. */
export function readNumber(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== "string") return undefined;
  const text = raw.trim().replace(/(\d),(?=\d{3}\b)/g, "$1");
  if (text === "") return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? Number(text) : undefined;
}

function readYear(item: Record<string, unknown>, source: SeriesSource): number | undefined {
  const year = readNumber(valueOf(item, source.year));
  if (typeof year === "number" && Number.isInteger(year) && year >= 1800 && year <= 2200) return year;
  // A filing without a readable YEAR is placed by the year its accounts were made up to.
  const date = source.date ? valueOf(item, source.date) : undefined;
  const dated = typeof date === "string" ? /^(\d{4})-\d{2}/.exec(date.trim()) : null;
  return dated ? Number(dated[1]) : undefined;
}

function readTime(item: Record<string, unknown>, source: SeriesSource): number {
  const date = source.date ? valueOf(item, source.date) : undefined;
  const ms = typeof date === "string" ? Date.parse(date) : NaN;
  // An undated item counts as older than any dated one of its year.
  return Number.isFinite(ms) ? ms : -Infinity;
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

function readFlag(raw: unknown): boolean | null | undefined {
  if (raw === null || raw === undefined || raw === "") return null;
  if (typeof raw === "boolean") return raw;
  if (typeof raw === "number") return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== "string") return undefined;
  const word = raw.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
}

const shownValue = (raw: unknown): string => {
  const text = typeof raw === "string" ? `"${raw}"` : (JSON.stringify(raw) ?? String(raw));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The series' items in the record: null when the record has none. */
export function seriesItems(raw: unknown, measure: Measure): unknown[] | null {
  if (raw === null || raw === undefined) return null;
  if (!Array.isArray(raw)) throw new NotFoundError(`${measure.source.path} is ${shownValue(raw)}, not a list.`);
  return raw;
}

/** Built series by list and measure: a warm recalculation builds each once, not once per cell. */
const built = new WeakMap<readonly unknown[], Map<Measure, Series>>();

/** The series of one measure from the record's list of items (as sent, or as the record schema read it). */
export function buildSeries(items: readonly unknown[], measure: Measure): Series {
  let byMeasure = built.get(items);
  if (!byMeasure) built.set(items, (byMeasure = new Map()));
  let series = byMeasure.get(measure);
  if (!series) byMeasure.set(measure, (series = readSeries(items, measure)));
  return series;
}

function readSeries(items: readonly unknown[], measure: Measure): Series {
  const { source } = measure;
  const latest = new Map<number, { time: number; item: Record<string, unknown> }>();
  const unplaced: UserError[] = [];
  items.forEach((item, position) => {
    const where = `${source.item} ${position + 1} of ${source.path}`;
    if (!isObject(item)) {
      unplaced.push(new NotFoundError(`The ${where} is ${shownValue(item)}, not a ${source.item}.`));
      return;
    }
    const year = readYear(item, source);
    if (year === undefined) {
      const said = valueOf(item, source.year);
      unplaced.push(
        new NotFoundError(
          `The ${where} has no readable ${source.year}${said === undefined || said === null ? "" : ` (${shownValue(said)})`}${source.date ? ` nor ${source.date}` : ""}, so its year is unknown.`,
        ),
      );
      return;
    }
    const time = readTime(item, source);
    const held = latest.get(year);
    // Equal dates: the later in the list wins, as a correction is listed after what it corrects.
    if (!held || time >= held.time) latest.set(year, { time, item });
  });
  const points = [...latest.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, { item }]) => pointOf(year, item, measure));
  return { measure, points, unplaced };
}

function pointOf(year: number, item: Record<string, unknown>, measure: Measure): SeriesPoint {
  const { source } = measure;
  const raw = valueOf(item, measure.value);
  const number = readNumber(raw);
  const value =
    number === undefined
      ? new NotFoundError(`The ${year} ${source.item}'s ${measure.value} is ${shownValue(raw)}, not a number.`)
      : number;
  if (!source.estimated) return { year, value };
  const flagRaw = valueOf(item, source.estimated);
  const flag = readFlag(flagRaw);
  const estimated =
    flag === undefined
      ? new NotFoundError(`The ${year} ${source.item}'s ${source.estimated} is ${shownValue(flagRaw)}, not 0 or 1.`)
      : flag;
  return { year, value, estimated };
}
