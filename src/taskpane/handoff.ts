/**
 * One view asking another to start on something: Match names' "Add fields to these companies"
 * selects the number column and asks Build a table to take the selection; List summary asks
 * Import companies to filter by its model's code. Views stay mounted, so the asked view hears it
 * at once; an ask made before it mounted waits until it does.
 */
import { useEffect } from "react";
import type { FilterField } from "@ukco/core/import/query";

export type Handoff = "use-selection" | { filter: FilterField; codes: string[] };

const waiting = new Map<string, Handoff>();
const listeners = new Map<string, (request: Handoff) => void>();

export function handOff(viewId: string, request: Handoff): void {
  const listener = listeners.get(viewId);
  if (listener) listener(request);
  else waiting.set(viewId, request);
}

/** Hears what other views ask of `viewId`. */
export function useHandoff(viewId: string, onRequest: (request: Handoff) => void): void {
  useEffect(() => {
    listeners.set(viewId, onRequest);
    const early = waiting.get(viewId);
    if (early) {
      waiting.delete(viewId);
      onRequest(early);
    }
    return () => void listeners.delete(viewId);
  }, [viewId, onRequest]);
}
