/**
 * A refreshed value's change, readable at a glance, for What changed and its report alike: the
 * field's label, before and after as short text (a list of filings is "3 filings", never its JSON),
 * the first thing that moved inside a list or object ("turnover 2023: 1.2m → 1.4m"), and, where the
 * change is a number, the difference and the change in per cent.
 */
import { fieldLabel } from "./field-labels";
import { nameWords } from "./field-words";

export interface ChangeWords {
  label: string;
  before: string;
  after: string;
  /** after − before, when both are numbers (or one number inside a list moved). */
  difference?: number;
  /** The difference as a share of before (0.1 for +10%); undefined when before is 0 or not a number. */
  share?: number;
}

/** What one item of a list is called, by the list's name. */
const ITEM_NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  companyfinancials_vendor: ["filing", "filings"],
  investment: ["round", "rounds"],
  vendorfunding: ["round", "rounds"],
  officers: ["officer", "officers"],
  similarcompanies: ["similar company", "similar companies"],
  locationdetails: ["location", "locations"],
  turnoverestimates: ["year", "years"],
  employmentestimates: ["year", "years"],
  agencyfunding: ["project", "projects"],
  _grantsfunding: ["grant", "grants"],
};

/** The list a path reads: `CompanyFinancials_Vendor{YEAR,TURNOVER}` → `companyfinancials_vendor`. */
const listName = (path: string) => (path.split(/[.[{]/)[0] ?? path).toLowerCase();
/** The last list or object named in a path, for its item noun (`CompanyGrowthTrends.TurnoverEstimates`). */
const lastStep = (path: string) => (path.split("{")[0]!.split(".").at(-1) ?? path).replace(/\[\d+\]/g, "");

/** 1234567 → "1.2m", 45200 → "45.2k", 12 → "12". */
export function shortNumber(value: number): string {
  const size = Math.abs(value);
  const fixed = (n: number) => n.toLocaleString("en-GB", { maximumFractionDigits: 1 });
  if (size >= 1e9) return `${fixed(value / 1e9)}bn`;
  if (size >= 1e6) return `${fixed(value / 1e6)}m`;
  if (size >= 1e4) return `${fixed(value / 1e3)}k`;
  return value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function scalarText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "number") return shortNumber(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.every((v) => !isRecord(v) && !Array.isArray(v)) ? value.join("; ") : "";
  return "";
}

const memberWords = (member: string) => nameWords(member).join(" ");

/** The year (or other key) an item of a yearly list is known by, so items are compared year with year. */
function itemKey(item: unknown, index: number): string {
  if (!isRecord(item)) return String(index);
  const year = Object.entries(item).find(([k]) => k.toLowerCase() === "year")?.[1];
  return year === undefined || year === null ? `#${index + 1}` : String(year);
}

interface Moved {
  where: string;
  before: unknown;
  after: unknown;
}

/** The first member that moved between two objects, by member name. */
function firstMovedMember(before: Record<string, unknown>, after: Record<string, unknown>): Moved | undefined {
  for (const member of new Set([...Object.keys(after), ...Object.keys(before)])) {
    if (member.toLowerCase() === "year") continue;
    const a = before[member];
    const b = after[member];
    if (JSON.stringify(a) !== JSON.stringify(b)) return { where: memberWords(member), before: a, after: b };
  }
  return undefined;
}

/** The first item of a list that moved (or came, or went), matched by year where items have one. */
function firstMovedItem(before: unknown[], after: unknown[]): Moved | undefined {
  const old = new Map(before.map((item, i) => [itemKey(item, i), item]));
  const now = new Map(after.map((item, i) => [itemKey(item, i), item]));
  for (const key of new Set([...now.keys(), ...old.keys()])) {
    const a = old.get(key);
    const b = now.get(key);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isRecord(a) && isRecord(b)) {
      const moved = firstMovedMember(a, b);
      if (moved) return { ...moved, where: `${moved.where} ${key}` };
    }
    return { where: key, before: a, after: b };
  }
  return undefined;
}

function countOf(path: string, value: unknown[]): string {
  const [one, many] = ITEM_NOUNS[listName(path)] ?? ITEM_NOUNS[lastStep(path).toLowerCase()] ?? ["item", "items"];
  return `${value.length.toLocaleString("en-GB")} ${value.length === 1 ? one : many}`;
}

function numbersOf(before: unknown, after: unknown): Pick<ChangeWords, "difference" | "share"> {
  if (typeof before !== "number" || typeof after !== "number") return {};
  const difference = after - before;
  return { difference, ...(before !== 0 ? { share: difference / Math.abs(before) } : {}) };
}

/** How a list's or an object's change reads: its size before and after, and what moved first inside it. */
function compoundWords(path: string, before: unknown, after: unknown): Omit<ChangeWords, "label"> {
  const size = (value: unknown) =>
    Array.isArray(value) ? countOf(path, value) : isRecord(value) ? "" : scalarText(value);
  const moved =
    Array.isArray(before) || Array.isArray(after)
      ? firstMovedItem(Array.isArray(before) ? before : [], Array.isArray(after) ? after : [])
      : isRecord(before) && isRecord(after)
        ? firstMovedMember(before, after)
        : undefined;
  const detail = !moved
    ? ""
    : moved.before === undefined
      ? `${moved.where} added`
      : moved.after === undefined
        ? `${moved.where} removed`
        : `${moved.where}: ${scalarText(moved.before) || "changed"} → ${scalarText(moved.after) || "changed"}`;
  const after_ = [size(after), detail].filter(Boolean).join("; ");
  return {
    before: size(before) || "(a group of fields)",
    after: after_ || "(changed)",
    ...numbersOf(moved?.before, moved?.after),
  };
}

export function changeWords(field: string, before: unknown, after: unknown): ChangeWords {
  const label = fieldLabel(field.split("{")[0]!);
  const simple = (v: unknown) => !isRecord(v) && !(Array.isArray(v) && v.some((x) => isRecord(x) || Array.isArray(x)));
  if (simple(before) && simple(after))
    return { label, before: scalarText(before), after: scalarText(after), ...numbersOf(before, after) };
  return { label, ...compoundWords(field, before, after) };
}
