/**
 * window.__officeSim: what end-to-end tests (and a curious person in the console) use to drive
 * and inspect the simulated host. Every method returns plain data, so Playwright can pass it back.
 */
import { type CellInfo } from "../app/cell-info";
import { type ClearApplyTo, clearRange } from "../app/cell-writes";
import { chartsOf, sourceAddress } from "../app/charts";
import { addSheet } from "../app/sheets";
import { headerNames, dataRowCount } from "../app/tables";
import { type SimulatedExcel } from "../app/simulated-excel";
import { takeSnapshot, restoreSnapshot, type WorkbookSnapshot } from "../app/snapshot";
import { type CalcCounters } from "../calc/counters";
import { type CalculationType } from "../calc/engine";
import { rootNamespace } from "../excel/custom-xml";
import { formatAddress } from "../model/address";
import { apiValue, isError } from "../model/cell-values";
import { type SignOnRequest } from "../office/sign-on";
import { type CommandRun, type CommandRunner } from "./commands";
import { type ManifestInfo, type RibbonButton } from "./manifest";
import { type BrowserShell } from "./ui/layout";

export const REOPEN_KEY = "office-sim.reopen";

export interface TestApiDeps {
  app: SimulatedExcel;
  runner: CommandRunner;
  shell: BrowserShell;
  ready: Promise<void>;
  manifest(): ManifestInfo | undefined;
  problems: string[];
  signOnRequests: SignOnRequest[];
}

function ribbonButtons(manifest: ManifestInfo | undefined): RibbonButton[] {
  return manifest?.groups.flatMap((group) => group.buttons) ?? [];
}

export function createTestApi({ app, runner, shell, ready, manifest, problems, signOnRequests }: TestApiDeps) {
  const sheetIdOf = (name?: string) =>
    name ? app.resolve(`'${name.replace(/'/g, "''")}'!A1`).sheet.id : app.workbook.activeSheetId;
  return {
    /** Resolves when Office.onReady does: the page has loaded and functions.json and manifest.xml are read. */
    ready,
    /** Problems loading functions.json or manifest.xml. */
    problems: () => [...problems],
    /** The sign-on asks the add-in made of the host (nested app authentication's bridge, getAccessToken), in order. */
    signOnRequests: (): SignOnRequest[] => signOnRequests.map((request) => ({ ...request })),
    /** Ids passed to CustomFunctions.associate (upper case). */
    registeredFunctions: (): string[] => app.registry.associatedIds,
    /** Ids listed in functions.json. */
    declaredFunctions: (): string[] => app.registry.functionsMetadata?.functions.map((f) => f.id) ?? [],
    /** Resolves with the associated ids once every function in functions.json is associated. */
    whenFunctionsRegistered: (timeoutMs = 10_000): Promise<string[]> =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          if (app.registry.allRegistered) return resolve(app.registry.associatedIds);
          if (Date.now() - started > timeoutMs)
            return reject(
              new Error(
                `office-sim: functions not all associated after ${timeoutMs} ms (associated: ${app.registry.associatedIds.join(", ") || "none"})`,
              ),
            );
          setTimeout(poll, 25);
        };
        poll();
      }),
    select: (address: string): void => {
      const { sheet, range } = app.resolve(address);
      app.select(sheet.id, range);
    },
    selectedAddress: (): string => app.selectedAddress(),
    /** Types into a cell (a value, or "=formula"); a 2-D array fills a block from the address. */
    setCell: (address: string, input: unknown): void => app.setCell(address, input, "user"),
    clear: (address: string, applyTo: ClearApplyTo = "Contents"): void => {
      const { sheet, range } = app.resolve(address);
      clearRange(app, sheet.id, range, applyTo, "user");
    },
    cell: (address: string): CellInfo => app.cell(address),
    /** As Range.values reports them: errors as codes, empty cells as "". */
    values: (address: string): Array<Array<string | number | boolean>> => app.values(address),
    /** Error codes and messages of a range (null where a cell holds no error). */
    errors: (address: string) =>
      app
        .rawValues(address)
        .map((row) => row.map((v) => (isError(v) ? { code: v.code, message: v.message ?? null } : null))),
    sheets: () =>
      app.workbook.sheets.map((s, position) => ({
        id: s.id,
        name: s.name,
        position,
        visibility: s.visibility,
        active: s.id === app.workbook.activeSheetId,
        frozenRows: s.frozenRows,
      })),
    addSheet: (name?: string): string => addSheet(app, name).name,
    activate: (name: string): void => app.activate(sheetIdOf(name)),
    tables: () =>
      app.workbook.tables.map((t) => ({
        id: t.id,
        name: t.name,
        sheet: app.sheet(t.sheetId).name,
        address: formatAddress(app.sheet(t.sheetId).name, t.range),
        headers: headerNames(app, t),
        rowCount: dataRowCount(t),
      })),
    /** Every sheet's charts: name, type, title, place (points) and each series' ranges. */
    charts: () =>
      app.workbook.sheets.flatMap((sheet) =>
        chartsOf(sheet).map((chart) => ({
          sheet: sheet.name,
          name: chart.name,
          type: chart.type,
          title: chart.title,
          top: chart.top,
          left: chart.left,
          width: chart.width,
          height: chart.height,
          series: chart.series.map((s) => ({
            name: s.name,
            values: sourceAddress(s.values),
            xValues: sourceAddress(s.xValues),
          })),
        })),
      ),
    settings: () => ({
      workbook: Object.fromEntries(app.workbook.settings),
      document: { ...app.workbook.documentSettings },
    }),
    customXmlParts: () =>
      app.workbook.customXmlParts.map((p) => ({ id: p.id, namespaceUri: rootNamespace(p.xml), xml: p.xml })),
    syncStats: () => ({ ...app.syncStats, recent: app.syncStats.recent.slice(-50) }),
    /** The simulated build: its profile's name and the requirement sets it reports. */
    host: () => ({ profile: app.profile.name, requirementSets: app.requirements.toJSON() }),
    resetSyncStats: (): void => app.syncStats.reset(),
    counters: (): CalcCounters => JSON.parse(JSON.stringify(app.engine.counters)) as CalcCounters,
    resetCounters: (): void => app.engine.resetCounters(),
    calculate: (type: CalculationType): void => app.calculate(type),
    whenCalculated: (timeoutMs = 30_000): Promise<void> => app.whenCalculated(timeoutMs),
    preview: async (address: string, formula: string) => {
      const { result, diagnostic } = await app.preview(address, formula);
      const first = result.kind === "value" ? result.value : result.rows[0]![0]!;
      return {
        value: apiValue(first),
        error: isError(first) ? { code: first.code, message: first.message ?? null } : null,
        rows: result.kind === "array" ? result.rows.length : 1,
        diagnostic: diagnostic ?? null,
      };
    },
    /** Saves the workbook (a JSON snapshot). */
    snapshot: (): WorkbookSnapshot => takeSnapshot(app),
    /** Closes and reopens a saved workbook in this page (the add-in's runtime keeps running). */
    restore: (snapshot: WorkbookSnapshot): void => restoreSnapshot(app, snapshot),
    /** Saves, then reloads the page and reopens the workbook in it, as closing and opening the file does. */
    reopen: (snapshot?: WorkbookSnapshot): void => {
      sessionStorage.setItem(REOPEN_KEY, JSON.stringify(snapshot ?? takeSnapshot(app)));
      location.reload();
    },
    ribbon: (): RibbonButton[] => ribbonButtons(manifest()),
    /** Runs a ribbon button (by control id or label); resolves when its event.completed() is called or after timeoutMs. */
    clickRibbon: (idOrLabel: string, timeoutMs = 30_000): Promise<CommandRun> => {
      const button = ribbonButtons(manifest()).find((b) => b.id === idOrLabel || b.label === idOrLabel);
      if (!button) return Promise.reject(new Error(`office-sim: no ribbon button "${idOrLabel}" in manifest.xml`));
      const run = runner.run(button);
      const late = new Promise<CommandRun>((resolve) =>
        setTimeout(() => resolve(runner.runs[runner.runs.length - 1]!), timeoutMs),
      );
      return Promise.race([run, late]).then((r) => ({ ...r }));
    },
    commandRuns: (): CommandRun[] => runner.runs.map((r) => ({ ...r })),
    taskpaneVisible: (): boolean => shell.visible,
    /** The simulated Excel itself, for what the methods above do not cover (not serialisable). */
    excel: app,
  };
}

export type OfficeSimTestApi = ReturnType<typeof createTestApi>;
