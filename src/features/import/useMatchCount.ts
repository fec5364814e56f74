/**
 * How many companies the query matches, shown before importing: counted a moment after the user
 * stops changing the query (one request; the insights come with it), the previous count cancelled
 * and never shown for the new query (nor let it be imported). More than 10,000 numbers are uploaded
 * as a set once per selection, not once per count.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CompaniesQuery } from "@ukco/api/product/requests";
import { companiesRequest, hasCriteria, needsNumberSet, type ImportQuery } from "@ukco/core/import/query";
import { countMatches, prepareRequest, type MatchCount } from "@ukco/core/import/run-import";
import { useLookup, type LookupState } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";

/** INFERRED (ours): quiet time before counting, so typing in a picker does not spend requests. */
export const COUNT_DEBOUNCE_MS = 600;

type Criteria = Pick<ImportQuery, "filters" | "companyNumbers">;

/** The count, and the request it counted (the import sends exactly that). */
export type Counted = MatchCount & { request: CompaniesQuery };

export type CountState = LookupState<Criteria, Counted>;

export function useMatchCount(criteria: Criteria, active: boolean): [CountState, () => void] {
  const { clients } = useRuntime();
  // The request prepared for this list of numbers (an uploaded set's id, or the numbers inline).
  const prepared = useRef<{ numbers: readonly string[]; request: CompaniesQuery } | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const count = useLookup(async (asked: Criteria, signal): Promise<Counted> => {
    let request = companiesRequest(asked);
    if (needsNumberSet(asked)) {
      if (prepared.current?.numbers !== asked.companyNumbers) {
        const ready = await prepareRequest(clients, asked, { signal });
        prepared.current = { numbers: asked.companyNumbers, request: ready };
      }
      // Filters may have changed since; the numbers travel as the set's id when one was uploaded.
      request = companiesRequest(asked, prepared.current.request.CompanyNumberSetId);
    }
    return { ...(await countMatches(clients.product, request, { signal })), request };
  });
  const { run, reset } = count;

  useEffect(() => {
    if (active && hasCriteria(criteria)) void run(criteria, { delayMs: COUNT_DEBOUNCE_MS });
    else reset();
    // The criteria object is replaced on every edit; counting follows it.
  }, [criteria, active, attempt]);

  const recount = useCallback(() => setAttempt((n) => n + 1), []);
  return [count.state, recount];
}
