/** Excel.Workbook and Excel.Application: the roots the add-in reaches everything from. */
import { type CalculationType } from "../calc/engine";
import { invalidArgument } from "../model/host-error";
import { ClientObject, defineProperties } from "./client-object";
import { CustomXmlPartCollection } from "./custom-xml";
import { EventHandlers } from "./events";
import { Range } from "./range";
import { type RequestContext } from "./request-context";
import { SettingCollection } from "./settings";
import { TableCollection } from "./table-collection";
import { type AppTarget } from "./targets";
import { WorksheetCollection } from "./worksheet";

const CALCULATION_TYPES = new Set(["Recalculate", "Full", "FullRebuild"]);

export class Application extends ClientObject<AppTarget> {
  constructor(context: RequestContext, resolver: () => AppTarget | null) {
    super(context, "Application", resolver);
  }

  calculate(calculationType: string): void {
    this._enqueue(`calculate(${calculationType})`, 0, () => {
      if (!CALCULATION_TYPES.has(calculationType))
        throw invalidArgument(`"${calculationType}" is not an Excel.CalculationType.`);
      this._require().app.calculate(calculationType as CalculationType);
    });
  }

  /** Writes in one sync already recalculate once, after the sync; suspending changes nothing more here. */
  suspendApiCalculationUntilNextSync(): void {
    this._enqueue("suspendApiCalculationUntilNextSync", 0, () => undefined);
  }

  suspendScreenUpdatingUntilNextSync(): void {
    this._enqueue("suspendScreenUpdatingUntilNextSync", 0, () => undefined);
  }
}

defineProperties<AppTarget>(Application, { calculationMode: { get: () => "Automatic" } });

export class Workbook extends ClientObject<AppTarget> {
  constructor(context: RequestContext, resolver: () => AppTarget | null) {
    super(context, "Workbook", resolver);
  }

  get worksheets(): WorksheetCollection {
    return this._child("worksheets", () => new WorksheetCollection(this._context, () => this._t()));
  }

  get tables(): TableCollection {
    return this._child("tables", () => new TableCollection(this._context, () => this._t()));
  }

  get settings(): SettingCollection {
    return this._child("settings", () => new SettingCollection(this._context, () => this._t()));
  }

  get customXmlParts(): CustomXmlPartCollection {
    return this._child("customXmlParts", () => new CustomXmlPartCollection(this._context, () => this._t()));
  }

  get application(): Application {
    return this._child("application", () => new Application(this._context, () => this._t()));
  }

  getSelectedRange(): Range {
    return new Range(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const sheetId = t.app.workbook.activeSheetId;
      return { app: t.app, sheetId, range: t.app.workbook.selectionOf(sheetId) };
    });
  }

  getActiveCell(): Range {
    return new Range(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const sheetId = t.app.workbook.activeSheetId;
      const selection = t.app.workbook.selectionOf(sheetId);
      return { app: t.app, sheetId, range: { r0: selection.r0, c0: selection.c0, r1: selection.r0, c1: selection.c0 } };
    });
  }

  get onSelectionChanged(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onSelectionChanged",
      () =>
        new EventHandlers(this._context, (deliver) =>
          this._context.app.workbook.events.on((event) => {
            if (event.kind === "selection") deliver({ type: "DocumentSelectionChanged", workbook: this });
          }),
        ),
    );
  }
}

// INFERRED: the simulated workbook has no file name of its own; this is what a new workbook is called.
defineProperties<AppTarget>(Workbook, { name: { get: () => "Book1.xlsx" } });
