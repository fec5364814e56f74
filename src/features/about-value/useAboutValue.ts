/** While the view is shown: what is known of the value in the active cell, read again as the selection moves. */
import { useCallback, useEffect, useState } from "react";
import type { Engine } from "@ukco/core/engine";
import { describeActiveCell, type AboutCell } from "./host";
import { watchActiveCell } from "../../host/selection-watch";

export type AboutState =
  { status: "reading" } | { status: "read"; cell: AboutCell } | { status: "failed"; error: unknown };

export function useAboutValue(engine: Engine, active: boolean): { state: AboutState; readAgain(): void } {
  const [state, setState] = useState<AboutState>({ status: "reading" });
  const readAgain = useCallback(() => {
    describeActiveCell(engine).then(
      (cell) => setState({ status: "read", cell }),
      (error: unknown) => setState({ status: "failed", error }),
    );
  }, [engine]);
  useEffect(() => {
    if (!active) return;
    let stop: (() => Promise<void>) | undefined;
    let live = true;
    watchActiveCell(
      () => live && readAgain(),
      (error) => live && setState({ status: "failed", error }),
    ).then(
      (unsubscribe) => (live ? (stop = unsubscribe) : void unsubscribe()),
      () => undefined,
    );
    return () => {
      live = false;
      void stop?.().catch(() => undefined);
    };
  }, [active, readAgain]);
  return { state, readAgain };
}
