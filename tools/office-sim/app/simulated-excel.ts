/**
 * The simulated Excel application: one workbook, the custom functions' registry and the
 * calculation engine, and the operations the Office.js proxies, the visible UI and the test API
 * all go through, so each follows the same rules.
 */
import { contains, formatAddress, parseAddress, type RangeRef } from "../model/address";
import { apiValue, type CellValue } from "../model/cell-values";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { type Sheet } from "../model/sheet";
import { Workbook, type ChangeOrigin } from "../model/workbook";
import { createCustomFunctions, type CustomFunctionsNamespace } from "../calc/custom-functions";
import { CalcEngine, type CalculationType } from "../calc/engine";
import { FunctionRegistry } from "../calc/metadata";
import { previewFormula } from "../calc/preview";
import { type Normalised } from "../calc/results";
import { writeInputs } from "./cell-writes";
import { describeCell, type CellInfo } from "./cell-info";
import { SyncStats } from "./sync-stats";
import {
  manifestRequirementSets,
  platformProfile,
  type PlatformProfile,
  type PlatformProfileName,
} from "../office/profiles";
import { RequirementSets } from "../office/requirements";

export interface SimulatedExcelOptions {
  /** The functions' namespace (the manifest's Functions.Namespace); default UKCO. */
  namespace?: string;
  /** The content of functions.json; in the browser the sim fetches ./functions.json instead. */
  functionsMetadata?: unknown;
  /** What an empty cell arrives as in an argument: null (current Excel, default) or 0 (older desktop builds). */
  emptyCellArgument?: null | 0;
  /** How long results gather before their dependents recalculate as one burst (default 0: the next task). */
  settleDelayMs?: number;
  /** The most a single context.sync() may carry each way (default 5 MB, as Excel on the web). */
  payloadLimitBytes?: number;
  /** Added to every context.sync() round trip (default 0). */
  syncLatencyMs?: number;
  /** The Excel build simulated (office/profiles.ts): its requirement sets, platform and payload limit. Default "web". */
  profile?: PlatformProfileName;
  /** Sets to report beside or instead of the profile's (null removes one), e.g. { ExcelApi: "1.11" }. */
  requirementSets?: Record<string, string | null>;
  /** The add-in's manifest, for the "oldest" profile (its <Requirements> minimums); the browser reads ./manifest.xml itself. */
  manifestXml?: string;
}

export const DEFAULT_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export class SimulatedExcel {
  readonly workbook: Workbook;
  readonly registry: FunctionRegistry;
  readonly engine: CalcEngine;
  readonly customFunctions: CustomFunctionsNamespace;
  readonly syncStats = new SyncStats();
  readonly payloadLimitBytes: number;
  readonly syncLatencyMs: number;
  readonly profile: PlatformProfile;
  /** What Office.context.requirements reports, and what the Excel API and custom functions obey. */
  readonly requirements: RequirementSets;
  /** Sets added beside the profile's, kept when the manifest's minimums replace the profile's. */
  private readonly added: Record<string, string | null> = {};

  constructor(readonly options: SimulatedExcelOptions = {}) {
    this.profile = platformProfile(options.profile ?? "web");
    this.requirements = new RequirementSets(this.profile.requirementSets);
    if (options.requirementSets) this.addRequirementSets(options.requirementSets);
    if (options.manifestXml !== undefined) this.useManifest(options.manifestXml);
    this.registry = new FunctionRegistry(options.namespace ?? "UKCO");
    if (options.functionsMetadata !== undefined) this.registry.setMetadata(options.functionsMetadata);
    this.customFunctions = createCustomFunctions(this.registry);
    this.payloadLimitBytes = options.payloadLimitBytes ?? this.profile.payloadLimitBytes ?? DEFAULT_PAYLOAD_LIMIT_BYTES;
    this.syncLatencyMs = options.syncLatencyMs ?? 0;
    this.workbook = new Workbook();
    this.engine = this.createEngine(this.workbook);
  }

  private createEngine(workbook: Workbook): CalcEngine {
    return new CalcEngine(
      workbook,
      this.registry,
      {
        calculated: (sheetId, ranges) => {
          for (const range of ranges) workbook.events.emit({ kind: "cells", sheetId, range, origin: "calc" });
        },
        inTable: (sheetId, row, col) =>
          workbook.tables.some((t) => t.sheetId === sheetId && contains(t.range, row, col)),
      },
      {
        emptyCellArgument: this.options.emptyCellArgument ?? null,
        settleDelayMs: this.options.settleDelayMs ?? 0,
        runtime: () => ({
          dataTypes: this.requirements.isSetSupported("CustomFunctionsRuntime", "1.4"),
          doubleFormats: this.requirements.isSetSupported("ExcelApi", "1.19"),
          valuePreview: this.requirements.isSetSupported("CustomFunctionsRuntime", "1.5"),
          version: this.requirements.version("CustomFunctionsRuntime") ?? "none",
        }),
      },
    );
  }

  /**
   * Reads the add-in's manifest: under the "oldest" profile, the host reports exactly the sets the
   * manifest requires, each at its least version (sets given in the options still win).
   */
  useManifest(xml: string): void {
    if (this.profile.name !== "oldest") return;
    this.requirements.replace(manifestRequirementSets(xml));
    this.requirements.merge(this.added);
  }

  /** Sets reported beside the profile's (sign-on sets, a test's override; null removes one); they outlast useManifest. */
  addRequirementSets(sets: Record<string, string | null>): void {
    Object.assign(this.added, sets);
    this.requirements.merge(sets);
  }

  sheet(sheetId: string): Sheet {
    const sheet = this.workbook.sheetById(sheetId);
    if (!sheet) throw itemNotFound("The requested worksheet does not exist.");
    return sheet;
  }

  /** Resolves "Sheet1!A1:B2" (or "A1" on the active sheet). */
  resolve(address: string, defaultSheetId = this.workbook.activeSheetId): { sheet: Sheet; range: RangeRef } {
    const parsed = parseAddress(address);
    if (!parsed) throw invalidArgument(`"${address}" is not a cell or range address.`);
    const sheet = parsed.sheet === undefined ? this.sheet(defaultSheetId) : this.workbook.sheetByName(parsed.sheet);
    if (!sheet) throw itemNotFound(`There is no worksheet named "${parsed.sheet}".`);
    return { sheet, range: parsed.range };
  }

  /**
   * Writes what a user would type: one input into every cell of the address, or a 2-D array
   * whose top-left cell is the address's first cell.
   */
  setCell(address: string, input: unknown, origin: ChangeOrigin = "user"): void {
    const { sheet, range } = this.resolve(address);
    if (!Array.isArray(input)) return writeInputs(this, sheet.id, range, { each: input }, origin);
    const rows = input as unknown[][];
    const width = rows.reduce((most, row) => Math.max(most, row.length), 1);
    const block = { r0: range.r0, c0: range.c0, r1: range.r0 + Math.max(rows.length, 1) - 1, c1: range.c0 + width - 1 };
    writeInputs(this, sheet.id, block, { rows }, origin);
  }

  cell(address: string): CellInfo {
    const { sheet, range } = this.resolve(address);
    return describeCell(this, sheet, range.r0, range.c0);
  }

  /** The values of a range as Range.values reports them: errors as their codes ("#N/A"), empty cells as "". */
  values(address: string): Array<Array<string | number | boolean>> {
    return this.rawValues(address).map((row) => row.map(apiValue));
  }

  /** The cells' values as the model holds them: errors keep their message, entities their properties, empty is null. */
  rawValues(address: string): CellValue[][] {
    const { sheet, range } = this.resolve(address);
    const rows: CellValue[][] = [];
    for (let r = range.r0; r <= range.r1; r++) {
      const row: CellValue[] = [];
      for (let c = range.c0; c <= range.c1; c++) row.push(sheet.get(r, c)?.value ?? null);
      rows.push(row);
    }
    return rows;
  }

  select(sheetId: string, range: RangeRef): void {
    this.workbook.selections.set(sheetId, range);
    if (this.workbook.activeSheetId !== sheetId) this.activate(sheetId);
    this.workbook.events.emit({ kind: "selection", sheetId, range });
  }

  activate(sheetId: string): void {
    this.sheet(sheetId);
    this.workbook.activeSheetId = sheetId;
    this.workbook.events.emit({ kind: "structure" });
    this.workbook.events.emit({ kind: "selection", sheetId, range: this.workbook.selectionOf(sheetId) });
  }

  selectedAddress(): string {
    const sheet = this.workbook.activeSheet;
    return formatAddress(sheet.name, this.workbook.selectionOf(sheet.id));
  }

  calculate(type: CalculationType): void {
    this.engine.calculate(type);
  }

  /** Runs fn with recalculation held back, so everything it writes recalculates as one burst. */
  batch<T>(fn: () => T): T {
    this.engine.suspend();
    try {
      return fn();
    } finally {
      this.engine.resume();
    }
  }

  resetCounters(): void {
    this.engine.resetCounters();
  }

  whenCalculated(timeoutMs?: number): Promise<void> {
    return this.engine.whenCalculated(timeoutMs);
  }

  /** Evaluates a formula as Excel's value preview does (isInValuePreview true), without writing it. */
  preview(address: string, formula: string): Promise<Normalised> {
    const { sheet, range } = this.resolve(address);
    return previewFormula(this.engine, sheet.id, range.r0, range.c0, formula);
  }
}
