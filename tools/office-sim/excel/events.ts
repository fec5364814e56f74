/**
 * Office.js event handlers (onChanged, onSelectionChanged, onActivated): handlers run
 * asynchronously after the change, with the event arguments Excel gives. Changes made by
 * calculation do not raise onChanged, as in Excel.
 */
import { type SimulatedExcel } from "../app/simulated-excel";
import { formatRange } from "../model/address";
import { type WorkbookEvent } from "../model/workbook";
import { type RequestContext } from "./request-context";

type Handler<A> = (args: A) => unknown;
type Subscribe<A> = (deliver: (args: A) => void) => () => void;

export class EventHandlers<A> {
  private readonly subscriptions = new Map<Handler<A>, () => void>();

  constructor(
    private readonly context: RequestContext,
    private readonly subscribe: Subscribe<A>,
  ) {}

  add(handler: Handler<A>): { context: RequestContext; remove: () => void } {
    const off = this.subscribe((args) =>
      setTimeout(() => {
        try {
          Promise.resolve(handler(args)).catch((error: unknown) =>
            console.error("office-sim: an event handler failed", error),
          );
        } catch (error) {
          console.error("office-sim: an event handler failed", error);
        }
      }, 0),
    );
    this.subscriptions.set(handler, off);
    // As in Office.js, removing is a request like any other: it takes effect at the next sync of the
    // context that added the handler (Excel.run(result.context, …) then context.sync()).
    return {
      context: this.context,
      remove: () =>
        this.context._enqueue({ label: "EventHandlerResult.remove", bytes: 0, run: () => this.remove(handler) }),
    };
  }

  remove(handler: Handler<A>): void {
    this.subscriptions.get(handler)?.();
    this.subscriptions.delete(handler);
  }
}

export function onCellsChanged(
  app: SimulatedExcel,
  sheetFilter: (sheetId: string) => boolean,
): Subscribe<Record<string, unknown>> {
  return (deliver) =>
    app.workbook.events.on((event: WorkbookEvent) => {
      if (event.kind !== "cells" || event.origin === "calc" || !sheetFilter(event.sheetId)) return;
      deliver({
        type: "WorksheetChanged",
        changeType: "RangeEdited",
        source: "Local",
        triggerSource: event.origin === "api" ? "ThisLocalAddin" : "Unknown",
        address: formatRange(event.range),
        worksheetId: event.sheetId,
      });
    });
}

export function onSelection(
  app: SimulatedExcel,
  sheetFilter: (sheetId: string) => boolean,
  type: string,
): Subscribe<Record<string, unknown>> {
  return (deliver) =>
    app.workbook.events.on((event: WorkbookEvent) => {
      if (event.kind !== "selection" || !sheetFilter(event.sheetId)) return;
      deliver({ type, address: formatRange(event.range), worksheetId: event.sheetId });
    });
}

export function onActivated(
  app: SimulatedExcel,
  sheetFilter: (sheetId: string) => boolean,
): Subscribe<Record<string, unknown>> {
  let last = app.workbook.activeSheetId;
  return (deliver) =>
    app.workbook.events.on((event: WorkbookEvent) => {
      if (event.kind !== "structure" || app.workbook.activeSheetId === last) return;
      last = app.workbook.activeSheetId;
      if (sheetFilter(last)) deliver({ type: "WorksheetActivated", worksheetId: last });
    });
}
