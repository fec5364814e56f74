/**
 * Every refresh of the Workbook view goes through here: it first works out what the refresh would
 * send (refresh-estimate.ts), runs at once when that is small, and otherwise waits for the user to
 * confirm or cancel. The scope is pinned when asked (the selection's address, the sheet's name), so
 * moving the selection while the question is open changes nothing.
 */
import { useCallback, useState } from "react";
import type { RefreshEstimate } from "@ukco/core/analysis/refresh-estimate";
import type { RefreshScope } from "@ukco/core/refresh-scopes";
import { estimateRefreshOf, refreshScope, scopeOf, type RefreshRequest } from "../../host/refresh";
import { useAction } from "../../taskpane/hooks/useAction";
import { useRuntime } from "../../taskpane/runtime-context";
import { estimateSentence } from "./estimate-words";

/** What the pane says once a refresh started, from the formulas it re-entered (where it re-enters them). */
export type Started = (formulas: number | undefined) => string;

export interface PendingRefresh {
  /** The button's words, such as "Refresh workbook". */
  label: string;
  scope: RefreshScope;
  estimate: RefreshEstimate;
  started: Started;
}

export function useGuardedRefresh() {
  const { engine } = useRuntime();
  const [state, run, reset] = useAction();
  const [pending, setPending] = useState<PendingRefresh>();

  const go = useCallback(
    async ({ scope, estimate, started }: Omit<PendingRefresh, "label">) =>
      `${started(await refreshScope(engine, scope))} ${estimateSentence(estimate)}`,
    [engine],
  );

  const start = useCallback(
    (label: string, request: RefreshRequest, started: Started) => {
      setPending(undefined);
      return run(async () => {
        const scope = await scopeOf(request);
        const estimate = await estimateRefreshOf(engine, scope);
        if (!estimate.needsConfirmation) return go({ scope, estimate, started });
        setPending({ label, scope, estimate, started });
        return { warning: `${label} needs your go-ahead: it sends more than usual.` };
      });
    },
    [engine, run, go],
  );

  const confirm = useCallback(() => {
    if (!pending) return;
    setPending(undefined);
    void run(() => go(pending));
  }, [pending, run, go]);

  const cancel = useCallback(() => {
    setPending(undefined);
    reset();
  }, [reset]);

  return { state, pending, start, confirm, cancel };
}

export type GuardedRefresh = ReturnType<typeof useGuardedRefresh>;
