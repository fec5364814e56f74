/**
 * UKCO.SECTOR: a company's industry in one cell, from the same cached, batched company record as
 * UKCO.FIELD: its best real-time industry classification (RTIC) as "code – description", or its
 * primary SIC 2007 code. The record carries SIC codes without their descriptions (the contract's
 * `SICs` is a list of strings), so a SIC is shown as the record gives it.
 */
import { companyKey } from "@ukco/core/analysis/function-definition";
import { asChoice, asScalar, isBlank } from "@ukco/core/arguments";
import { codeText, type CellGrid, type SpillCell } from "@ukco/core/cell-value";
import { normaliseCompanyNumber } from "@ukco/core/company-number";
import type { CallContext, Engine } from "@ukco/core/engine";
import { NotFoundError, UserError } from "@ukco/core/errors";
import { resolveFieldPath, type ResolvedPath } from "@ukco/core/field-path";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * The classifications UKCO.SECTOR gives; Excel offers these as you type the second argument.
 * @customenum {string}
 */
enum SectorClassification {
  /** The best real-time industry classification (RTIC), as "code – description" (the default). */
  rtic = "rtic",
  /** The primary SIC 2007 code: the first the company's record lists. */
  sic = "sic",
}

/**
 * Returns a company's industry, for example =UKCO.SECTOR(B2) for its best real-time industry classification (RTIC) as "code – description", or =UKCO.SECTOR(B2, "sic") for its primary SIC 2007 code. It reads the same stored company record as UKCO.FIELD, so a company already fetched costs no request. #N/A when the record has no code of that classification.
 * @customfunction SECTOR
 * @param company_number Company number, such as 01234567 or SC123456.
 * @param [classification] Optional: "rtic" (default) for the RTIC with the highest score (the first listed where none has a score), or "sic" for the first SIC code the record lists.
 * @returns One cell: the RTIC as "code – description", or the SIC code as text.
 * @cancelable
 * @requiresAddress
 */
export function sector(
  company_number: any,
  classification: SectorClassification,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return runFormula(invocation, (engine, context) =>
    sectorFormula(engine, company_number, classification, context),
  ) as Promise<any[][]>;
}

export const SECTOR = defineFunction({
  name: "SECTOR",
  kind: "companies",
  // A blank classification still reads a field: the RTICs.
  key: ([number, classification]) => companyKey(number, isBlank(classification) ? "rtic" : classification, pathOf),
  spill: (inputs, list, number) => shown(number, sourceOf(inputs[1]), list),
  formula: (engine, [number, classification], context) => sectorFormula(engine, number, classification, context),
});

const CLASSIFICATIONS = ["rtic", "sic"] as const;

interface Source {
  path: ResolvedPath;
  /** What the cell is, for About this value and a missing code's message. */
  part: string;
  label: string;
  /** The cell's text from the record's list, or undefined when it holds no code. */
  cell(list: unknown): string | undefined;
}

const SOURCES: Record<(typeof CLASSIFICATIONS)[number], Source> = {
  rtic: { path: resolveFieldPath("RTICs"), part: "the company's best RTIC", label: "RTIC", cell: bestRtic },
  sic: { path: resolveFieldPath("SICs"), part: "the company's primary SIC code", label: "SIC code", cell: primarySic },
};

/** The classification a call asks for; anything but "rtic", "sic" or blank is a #VALUE!. */
function sourceOf(classification: unknown): Source {
  return SOURCES[asChoice(classification, CLASSIFICATIONS, "rtic", "classification")];
}

const pathOf = (classification: unknown): ResolvedPath => sourceOf(classification).path;

/** The RTIC with the highest score (the first listed on a tie, or where none has one), as "code – description". */
function bestRtic(list: unknown): string | undefined {
  let best: Record<string, unknown> | undefined;
  for (const item of Array.isArray(list) ? list : []) {
    if (typeof item !== "object" || item === null) continue;
    const rtic = item as Record<string, unknown>;
    if (typeof rtic.Code !== "string" || rtic.Code.trim() === "") continue;
    if (!best || scoreOf(rtic) > scoreOf(best)) best = rtic;
  }
  if (!best) return undefined;
  const description = typeof best.Description === "string" ? best.Description : "";
  return codeText({ code: String(best.Code), description, score: typeof best.Score === "number" ? best.Score : null });
}

const scoreOf = (rtic: Record<string, unknown>): number => (typeof rtic.Score === "number" ? rtic.Score : -Infinity);

/** The first SIC code the record lists. */
function primarySic(list: unknown): string | undefined {
  const first = (Array.isArray(list) ? list : []).find((code) => typeof code === "string" && code.trim() !== "");
  return first as string | undefined;
}

/** What a call shows of the record's list: one cell, or the error it shows instead. */
function shown(number: string, source: Source, list: unknown): SpillCell[][] {
  if (list instanceof UserError) throw list;
  const text = source.cell(list);
  if (text === undefined)
    throw new NotFoundError(`Company ${number} has no ${source.label} in its record (${source.path.text}).`);
  return [[{ value: text, part: source.part }]];
}

export async function sectorFormula(
  engine: Engine,
  numberArg: unknown,
  classificationArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const source = sourceOf(classificationArg);
  const value = asScalar(numberArg, "company number");
  if (isBlank(value)) return [[""]];
  const number = normaliseCompanyNumber(value);
  const [list] = await engine.companyValues(number, [source.path], context);
  return shown(number, source, list).map((row) => row.map((cell) => cell.value));
}
