/**
 * How many companies the query matches, shown before importing: counted a moment after the user
 * stops changing the query (one request; the insights come with it), the previous count cancelled.
 * More than 10,000 numbers are uploaded as a set once per selection, not once per count.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CompaniesQuery } from "../../../api/product/requests";
import { companiesRequest, hasCriteria, needsNumberSet, type ImportQuery } from "../../../core/import/query";
import { countMatches, prepareRequest, type Insights } from "../../../core/import/run-import";
import { useRuntime } from "../../runtime-context";

/** INFERRED (ours): quiet time before counting, so typing in a picker does not spend requests. */
export const COUNT_DEBOUNCE_MS = 600;

export type CountState =
  | { status: "idle" }
  | { status: "counting" }
  | { status: "ready"; total: number; insights?: Insights; request: CompaniesQuery }
  | { status: "failed"; error: unknown };

type Criteria = Pick<ImportQuery, "filters" | "companyNumbers">;

export function useMatchCount(criteria: Criteria, active: boolean): [CountState, () => void] {
  const { clients } = useRuntime();
  const [state, setState] = useState<CountState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  // The request prepared for this list of numbers (an uploaded set's id, or the numbers inline).
  const prepared = useRef<{ numbers: readonly string[]; request: CompaniesQuery } | undefined>(undefined);

  useEffect(() => {
    if (!active || !hasCriteria(criteria)) {
      setState({ status: "idle" });
      return;
    }
    // A count of the previous query must not stand for this one (nor let it be imported).
    setState({ status: "counting" });
    const stop = new AbortController();
    const timer = setTimeout(async () => {
      try {
        let request: CompaniesQuery;
        if (needsNumberSet(criteria)) {
          if (prepared.current?.numbers !== criteria.companyNumbers) {
            const ready = await prepareRequest(clients, criteria, { signal: stop.signal });
            prepared.current = { numbers: criteria.companyNumbers, request: ready };
          }
          // Filters may have changed since; the numbers travel as the set's id when one was uploaded.
          request = companiesRequest(criteria, prepared.current.request.CompanyNumberSetId);
        } else request = companiesRequest(criteria);
        const count = await countMatches(clients.product, request, { signal: stop.signal });
        if (!stop.signal.aborted) setState({ status: "ready", ...count, request });
      } catch (error) {
        if (!stop.signal.aborted) setState({ status: "failed", error });
      }
    }, COUNT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
    // The criteria object is replaced on every edit; counting follows it.
  }, [clients, criteria, active, attempt]);

  const recount = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, recount];
}
