/**
 * The one-click tearsheet: while the view is shown, the company the selected cell stands for (read
 * again as the selection moves); the action makes the sheet and keeps what it came to.
 */
import { useCallback, useEffect, useState } from "react";
import { selectedCompany, tearsheetForSelection, type SelectedCompany } from "./host";
import { watchActiveCell } from "../../host/selection-watch";
import type { SheetTemplateId } from "@ukco/core/tearsheet-template";
import { useAction } from "../../taskpane/hooks/useAction";

export type Selection = { company: SelectedCompany } | { problem: string } | undefined;

export function useTearsheet(active: boolean, template: SheetTemplateId) {
  const [state, run] = useAction();
  const [selection, setSelection] = useState<Selection>();
  useEffect(() => {
    if (!active) return;
    let live = true;
    let stop: (() => Promise<void>) | undefined;
    const read = () =>
      selectedCompany().then(
        (company) => live && setSelection({ company }),
        (error: unknown) => live && setSelection({ problem: error instanceof Error ? error.message : String(error) }),
      );
    watchActiveCell(() => void read()).then(
      (unsubscribe) => (live ? (stop = unsubscribe) : void unsubscribe()),
      () => undefined,
    );
    return () => {
      live = false;
      void stop?.().catch(() => undefined);
    };
  }, [active]);

  const make = useCallback(
    () =>
      run(async () => {
        const { sheet, number, charts } = await tearsheetForSelection(template);
        return `Made the sheet "${sheet}" for company ${number}: every value is a UKCO formula, so a refresh updates it; ${charts} charts show ${template === "peers" ? "it beside its peers" : "its history"}.`;
      }),
    [run, template],
  );
  return { state, make, selection };
}
