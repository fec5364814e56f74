/**
 * Office.context.document.settings (Office.Settings): an in-memory copy of the document's
 * settings; set/remove change the copy, saveAsync writes it into the workbook (so it survives
 * save and reopen), refreshAsync reloads it. Values are stored JSON-serialised, as Office does.
 */
import { type SimulatedExcel } from "../app/simulated-excel";
import { officeErrors } from "../excel/errors";
import { guard } from "../excel/guard";

type AsyncCallback = (result: { status: "succeeded"; value: unknown; error: undefined; asyncContext: unknown }) => void;

const clone = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function callbackOf(args: unknown[]): { callback?: AsyncCallback; asyncContext?: unknown } {
  const callback = args.find((a) => typeof a === "function") as AsyncCallback | undefined;
  const options = args.find((a) => a && typeof a === "object") as { asyncContext?: unknown } | undefined;
  return { callback, asyncContext: options?.asyncContext };
}

export function createDocumentSettings(app: SimulatedExcel): object {
  let copy: Record<string, unknown> | undefined;
  const current = () => (copy ??= clone(app.workbook.documentSettings) as Record<string, unknown>);
  app.workbook.events.on((event) => {
    if (event.kind === "reopened") copy = undefined;
  });
  const answer = (args: unknown[], value: unknown) => {
    const { callback, asyncContext } = callbackOf(args);
    if (callback) setTimeout(() => callback({ status: "succeeded", value, error: undefined, asyncContext }), 0);
  };
  const settings = {
    get: (name: string) => (name in current() ? clone(current()[name]) : null),
    set: (name: string, value: unknown) => void (current()[name] = clone(value)),
    remove: (name: string) => void delete current()[name],
    saveAsync: (...args: unknown[]) => {
      app.workbook.documentSettings = clone(current()) as Record<string, unknown>;
      answer(args, undefined);
    },
    refreshAsync: (...args: unknown[]) => {
      copy = undefined;
      answer(args, settings);
    },
    addHandlerAsync: () => {
      throw officeErrors.notSimulated("Office.Settings.addHandlerAsync");
    },
  };
  return guard(settings, "Office.context.document.settings");
}
