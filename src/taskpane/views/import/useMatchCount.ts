/**
 * How many companies the query matches, shown before importing: counted a moment after the user
 * stops changing the query (one request; the insights come with it), the previous count cancelled.
 * More than 10,000 numbers are uploaded as a set once per selection, not once per count.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CompaniesQuery } from "../../../api/product/requests";
import { companiesRequest, hasCriteria, needsNumberSet, type ImportQuery } from "../../../core/import/query";
import { countMatches, type Insights } from "../../../core/import/run-import";
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
  const uploaded = useRef<{ numbers: readonly string[]; setId: string } | undefined>(undefined);

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
        let setId: string | undefined;
        if (needsNumberSet(criteria)) {
          if (uploaded.current?.numbers !== criteria.companyNumbers) {
            const set = await clients.product.uploadCompanyNumberSet(criteria.companyNumbers, { signal: stop.signal });
            uploaded.current = { numbers: criteria.companyNumbers, setId: set.CompanyNumberSetId };
          }
          setId = uploaded.current.setId;
        }
        const request = companiesRequest(criteria, setId);
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
