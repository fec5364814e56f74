/**
 * The review of the queued names: the register facts of every proposed company (fetched once,
 * together, through the engine's batched company cache), the entry on screen, and the decisions.
 * A decision moves the queue on at once (so keys pressed in quick succession each act on the next
 * entry) and its cells are written in order behind it; the session hook saves it in the workbook.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ProductClient } from "../../../api/product/client";
import type { SearchAhead } from "../../../api/product/responses";
import { normaliseCompanyNumber } from "../../../core/company-number";
import type { Engine } from "../../../core/engine";
import { InvalidArgumentError } from "../../../core/errors";
import { decisionCells } from "../../../core/match-names/output";
import { decide, nextOpen, summarise, type Decision } from "../../../core/match-names/queue";
import { companyFacts, type CompanyFacts } from "../../../core/match-names/records";
import { writeDecisionCells } from "../../../host/match-names";
import { useLookup } from "../../hooks/useLookup";
import type { SessionState } from "./useMatchSession";

/** Type-ahead asks after this quiet time, not on every key. */
const TYPE_AHEAD_DELAY_MS = 250;
const TYPE_AHEAD_SHOWN = 8;

export interface AheadHit {
  number: string;
  name: string;
  status: string;
}

function aheadHits(answer: SearchAhead): AheadHit[] {
  return answer.Companies.flatMap((hit) =>
    hit.CompanyNumber
      ? [{ number: hit.CompanyNumber, name: hit.CompanyName ?? "", status: hit.CompanyStatus ?? "" }]
      : [],
  ).slice(0, TYPE_AHEAD_SHOWN);
}

export function useReview(engine: Engine, product: ProductClient, sessions: SessionState) {
  const { session, update, latest } = sessions;
  const [facts, setFacts] = useState<Map<string, CompanyFacts>>(new Map());
  /** What went wrong, and what it means for the user (the title the bar shows). */
  const [problem, setProblem] = useState<{ title: string; error: unknown }>();
  const [typed, setTyped] = useState("");
  const writes = useRef<Promise<void>>(Promise.resolve());

  // One batched fetch for every proposal of the queue (the engine joins them into one request);
  // a decision does not change the set, so it asks nothing again.
  const proposals = useMemo(
    () =>
      [...new Set(session?.queue.flatMap((e) => (e.proposed.number ? [e.proposed.number] : [])) ?? [])]
        .sort()
        .join(","),
    [session],
  );
  useEffect(() => {
    if (!proposals) return;
    const stop = new AbortController();
    companyFacts(engine, proposals.split(","), stop.signal).then(
      (found) => !stop.signal.aborted && setFacts((had) => new Map([...had, ...found])),
      (error: unknown) =>
        !stop.signal.aborted && setProblem({ title: "Could not read the proposed companies' records", error }),
    );
    return () => stop.abort();
  }, [engine, proposals]);

  const ahead = useLookup(async (text: string, signal) => {
    const start = text.trim().toUpperCase();
    if (!/^[A-Z0-9]{2,8}$/.test(start)) return [];
    return aheadHits(await product.searchAhead(start, { signal }));
  });
  const type = useCallback(
    (text: string) => {
      setTyped(text);
      if (text.trim().length >= 2) void ahead.run(text, { delayMs: TYPE_AHEAD_DELAY_MS });
      else ahead.reset();
    },
    [ahead],
  );

  const record = useCallback(
    (decision: Decision) => {
      const now = latest();
      if (!now || now.position >= now.queue.length) return;
      const index = now.position;
      const entry = now.queue[index]!;
      update((s) => {
        const queue = decide(s.queue, index, decision);
        const next = nextOpen(queue, index);
        return { ...s, queue, position: next === -1 ? index : next };
      });
      setTyped("");
      ahead.reset();
      const { sheet, outputColumn } = now;
      writes.current = writes.current.then(async () => {
        try {
          const number = decision.kind === "accepted" ? decision.number : undefined;
          const known = number ? (facts.get(number) ?? (await companyFacts(engine, [number])).get(number)) : undefined;
          const fromMatch = number && number === entry.proposed.number ? entry.proposed : undefined;
          await writeDecisionCells(
            sheet,
            outputColumn,
            entry.rows,
            decisionCells(decision, {
              name: known?.name ?? fromMatch?.name ?? undefined,
              status: known?.status ?? fromMatch?.status ?? undefined,
            }),
          );
        } catch (error) {
          // The queue keeps the decision (it is saved already); only the sheet lacks it.
          setProblem({ title: "The decision is kept in the review, but its cells could not be written", error });
        }
      });
    },
    [latest, update, ahead, facts, engine],
  );

  /** Accepts the number typed in the box, or else the proposal. */
  const accept = useCallback(
    (number?: string) => {
      setProblem(undefined);
      const now = latest();
      const entry = now?.queue[now.position];
      if (!entry) return;
      try {
        const chosen = number ?? (typed.trim() ? typed : entry.proposed.number);
        if (!chosen)
          throw new InvalidArgumentError(
            "There is no proposed company to accept: type a company number, or reject the row.",
          );
        record({ kind: "accepted", number: normaliseCompanyNumber(chosen) });
      } catch (error) {
        setProblem({ title: "That decision was not recorded", error });
      }
    },
    [latest, typed, record],
  );
  const reject = useCallback(() => record({ kind: "rejected" }), [record]);
  const skip = useCallback(() => {
    update((s) => {
      const next = nextOpen(s.queue, s.position);
      return next === -1 ? s : { ...s, position: next };
    });
    setTyped("");
    ahead.reset();
  }, [update, ahead]);

  const entry = session && session.position < session.queue.length ? session.queue[session.position] : undefined;
  const summary = session ? summarise(session.queue, session.totalRows, session.unmatchedRows) : undefined;
  return {
    session,
    entry,
    open: entry && !entry.decision ? entry : undefined,
    facts,
    summary,
    typed,
    type,
    hits: ahead.state,
    accept,
    reject,
    skip,
    problem,
    dismissProblem: () => setProblem(undefined),
  };
}
