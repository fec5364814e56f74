/** While on, the company number in the active cell, as the user moves around the workbook. */
import { useEffect, useState } from "react";
import { parseCompanyNumber } from "@ukco/core/company-number";
import { watchActiveCell, type ActiveCell } from "../../host/selection-watch";

export type Followed = { cell: ActiveCell; number?: string; reason?: string };

export function useFollowSelection(enabled: boolean): Followed | undefined {
  const [followed, setFollowed] = useState<Followed>();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => Promise<void>) | undefined;
    let live = true;
    watchActiveCell((cell) => {
      if (!live) return;
      const parsed = cell.value === "" || cell.value === null ? undefined : parseCompanyNumber(cell.value);
      setFollowed(
        parsed?.ok
          ? { cell, number: parsed.number }
          : { cell, ...(parsed && !parsed.ok ? { reason: parsed.reason } : {}) },
      );
    }).then(
      (unsubscribe) => (live ? (stop = unsubscribe) : void unsubscribe()),
      () => undefined,
    );
    return () => {
      live = false;
      void stop?.().catch(() => undefined);
    };
  }, [enabled]);
  return enabled ? followed : undefined;
}
