/**
 * The review of the queued names: the register facts of every proposed company (fetched once,
 * together, through the engine's batched company cache), the entry on screen, the alternatives the
 * reviewer finds by name or number, and the decisions. A decision moves the queue on at once (so
 * keys pressed in quick succession each act on the next entry) and its cells are written in order
 * behind it; the session hook saves it in the workbook. The row under review is selected in the
 * sheet, so the reviewer sees it among its neighbours.
 *
 * Through a team gateway each decision is also recorded for the team (in order, behind the cell
 * writes), and the engine's match cache takes the team's answer, so this user's UKCO.MATCH cells
 * for the name show it too. An entry a colleague decided is kept with Enter (nothing recorded), or
 * overridden with Delete or another company, which is recorded like any decision.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiClients } from "@ukco/api/factory";
import type { Engine } from "@ukco/core/engine";
import { InvalidArgumentError, NotFoundError } from "@ukco/core/errors";
import { completeNumber, findAlternatives, typedKind, type Alternative } from "@ukco/core/match-names/alternatives";
import { decisionCells, LEGACY_OUTPUT_WIDTH } from "@ukco/core/match-names/output";
import {
  decide,
  nextOpen,
  nextTeamDecided,
  summarise,
  type Decision,
  type QueueEntry,
} from "@ukco/core/match-names/queue";
import { companyFacts, type CompanyFacts } from "@ukco/core/match-names/records";
import { recordTeamDecision } from "@ukco/core/team-decisions";
import { selectBlock, writeDecisionCells } from "./host";
import { useLookup } from "../../taskpane/hooks/useLookup";
import type { SessionState } from "./useMatchSession";

/** Alternatives are asked after this quiet time, not on every key. */
const TYPE_AHEAD_DELAY_MS = 300;

/** An accepted number the product API does not know is refused before anything is written. */
async function existingCompany(engine: Engine, number: string): Promise<CompanyFacts> {
  const facts = (await companyFacts(engine, [number])).get(number);
  if (facts?.missing || !facts)
    throw new NotFoundError(`No company has the number ${number}: check it, or find the company by its name.`);
  // A record that could not be read is its own message (a network fault is not a wrong number).
  if (!facts.name) throw new NotFoundError(facts.problem ?? `The record of ${number} gives no name.`);
  return facts;
}

export function useReview(engine: Engine, clients: ApiClients, sessions: SessionState) {
  const { session, update, latest } = sessions;
  const [facts, setFacts] = useState<Map<string, CompanyFacts>>(new Map());
  /** What went wrong, and what it means for the user (the title the bar shows). */
  const [problem, setProblem] = useState<{ title: string; error: unknown }>();
  const [typed, setTyped] = useState("");
  /** The suggestion the arrow keys (or a click) picked; none until the reviewer picks one. */
  const [highlighted, setHighlighted] = useState(-1);
  const writes = useRef<Promise<void>>(Promise.resolve());
  /** Decisions recorded for the team, one after another, so the gateway's newest is the last made. */
  const shares = useRef<Promise<void>>(Promise.resolve());
  /** The entries shown before this one, for Back. */
  const history = useRef<number[]>([]);
  /** Back was pressed after the last decision: the decided entry is shown again. */
  const [revisiting, setRevisiting] = useState(false);

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

  const entry = session && session.position < session.queue.length ? session.queue[session.position] : undefined;
  const postcode = entry?.postcode ?? "";
  const alternatives = useLookup(async (text: string, signal) => {
    if (typedKind(text) === "too-short") return [];
    return findAlternatives(text, postcode, { engine, product: clients.product, matching: clients.matching }, signal);
  });
  const hits: Alternative[] = alternatives.state.status === "done" ? alternatives.state.result : [];

  const clearTyped = useCallback(() => {
    setTyped("");
    setHighlighted(-1);
    alternatives.reset();
  }, [alternatives]);

  const type = useCallback(
    (text: string) => {
      setTyped(text);
      setHighlighted(-1);
      if (typedKind(text) === "too-short") alternatives.reset();
      else void alternatives.run(text, { delayMs: TYPE_AHEAD_DELAY_MS });
    },
    [alternatives],
  );

  /** Moves the highlight through the suggestions (arrow keys); -1 is none. */
  const highlight = useCallback(
    (index: number) => setHighlighted(Math.max(-1, Math.min(index, hits.length - 1))),
    [hits.length],
  );

  // The row under review is selected in the sheet (its name through its result cells).
  const shownRow = entry?.rows[0];
  useEffect(() => {
    if (!session || shownRow === undefined) return;
    const width = session.outputWidth ?? LEGACY_OUTPUT_WIDTH;
    const block = {
      row: shownRow,
      column: session.nameColumn,
      rowCount: 1,
      columnCount: session.outputColumn + width - session.nameColumn,
    };
    selectBlock(session.sheet, block).catch((error: unknown) =>
      setProblem({ title: "Could not select the row under review", error }),
    );
  }, [session?.sheet, session?.nameColumn, session?.outputColumn, session?.outputWidth, shownRow]);

  const moveTo = useCallback(
    (index: number, remember = true) => {
      const now = latest();
      if (remember && now && now.position !== index) history.current.push(now.position);
      update((s) => ({ ...s, position: index }));
      clearTyped();
    },
    [latest, update, clearTyped],
  );

  const share = useCallback(
    (entry: QueueEntry, decision: Decision) => {
      const team = clients.team;
      if (!team) return;
      shares.current = shares.current.then(async () => {
        try {
          const number = decision.kind === "accepted" ? decision.number : null;
          const match = await recordTeamDecision(team, entry, number);
          await engine.rememberAnswer("matches", entry.key, match);
        } catch (error) {
          setProblem({ title: "The decision is kept in this workbook, but the team gateway did not record it", error });
        }
      });
    },
    [clients.team, engine],
  );

  const record = useCallback(
    (decision: Decision, known?: CompanyFacts) => {
      const now = latest();
      if (!now || now.position >= now.queue.length) return;
      const index = now.position;
      const entry = now.queue[index]!;
      history.current.push(index);
      setRevisiting(false);
      update((s) => {
        const queue = decide(s.queue, index, decision);
        const next = nextOpen(queue, index);
        return { ...s, queue, position: next === -1 ? index : next };
      });
      clearTyped();
      share(entry, decision);
      const { sheet, outputColumn, outputWidth } = now;
      writes.current = writes.current.then(async () => {
        try {
          const number = decision.kind === "accepted" ? decision.number : undefined;
          const record =
            known ?? (number ? (facts.get(number) ?? (await companyFacts(engine, [number])).get(number)) : undefined);
          const fromMatch = number && number === entry.proposed.number ? entry.proposed : undefined;
          await writeDecisionCells(
            sheet,
            outputColumn,
            entry.rows,
            decisionCells(decision, {
              record: {
                name: record?.name ?? fromMatch?.name ?? undefined,
                status: record?.status ?? fromMatch?.status ?? undefined,
              },
              confidence: entry.proposed.confidence,
              width: outputWidth ?? LEGACY_OUTPUT_WIDTH,
            }),
          );
        } catch (error) {
          // The queue keeps the decision (it is saved already); only the sheet lacks it.
          setProblem({ title: "The decision is kept in the review, but its cells could not be written", error });
        }
      });
    },
    [latest, update, clearTyped, share, facts, engine],
  );

  /** Leaves a team decision as it is: on to the next one the team decided, else the next open entry. */
  const keep = useCallback(() => {
    const now = latest();
    if (!now) return;
    const team = nextTeamDecided(now.queue, now.position);
    const open = nextOpen(now.queue, now.position);
    if (team !== -1) return moveTo(team);
    if (open !== -1) {
      setRevisiting(false);
      return moveTo(open);
    }
    setRevisiting(false);
  }, [latest, moveTo]);

  /** Shows the first entry a team decision answers, to look through them. */
  const showTeam = useCallback(() => {
    const now = latest();
    const first = now?.queue.findIndex((e) => e.team) ?? -1;
    if (first === -1) return;
    setRevisiting(true);
    moveTo(first);
  }, [latest, moveTo]);

  /**
   * Accepts the highlighted suggestion; else a complete company number typed in full, once the
   * product API confirms it exists; else, with nothing typed, the proposal. A typed start of a
   * number or a name is never accepted as it stands: it only finds suggestions.
   */
  const accept = useCallback(async () => {
    setProblem(undefined);
    const now = latest();
    const entry = now?.queue[now.position];
    if (!entry) return;
    try {
      const chosen = hits[highlighted];
      if (chosen) return record({ kind: "accepted", number: chosen.number }, chosen);
      const text = typed.trim();
      if (!text && entry.team) return keep();
      if (!text) {
        if (!entry.proposed.number)
          throw new InvalidArgumentError(
            "There is no proposed company to accept: find another by its name or number, or reject the row.",
          );
        return record({ kind: "accepted", number: entry.proposed.number });
      }
      const number = completeNumber(text);
      if (!number)
        throw new InvalidArgumentError(
          hits.length > 0
            ? `"${text}" is not a whole company number: choose one of the suggestions (down arrow, then Enter).`
            : `"${text}" is not a whole company number: type all 8 characters, or a company's name.`,
        );
      record({ kind: "accepted", number }, await existingCompany(engine, number));
    } catch (error) {
      setProblem({ title: "Nothing was written for this row", error });
    }
  }, [latest, hits, highlighted, typed, record, engine, keep]);

  const reject = useCallback(() => {
    setProblem(undefined);
    record({ kind: "rejected" });
  }, [record]);

  const skip = useCallback(() => {
    setProblem(undefined);
    const now = latest();
    if (!now) return;
    const next = nextOpen(now.queue, now.position);
    if (next !== -1) moveTo(next);
  }, [latest, moveTo]);

  /** Shows the entry seen before this one (decided or not), to look again or change its decision. */
  const back = useCallback(() => {
    setProblem(undefined);
    const now = latest();
    if (!now) return;
    const previous = history.current.pop() ?? (now.position > 0 ? now.position - 1 : undefined);
    if (previous === undefined) return;
    setRevisiting(true);
    moveTo(previous, false);
  }, [latest, moveTo]);

  const summary = session ? summarise(session.queue, session.totalRows, session.unmatchedRows) : undefined;
  const open = session?.queue.some((e) => !e.decision) ?? false;
  /** The card is shown while names wait, or when the reviewer went back to a decided one. */
  const showing = entry && (open || revisiting) ? entry : undefined;
  return {
    session,
    entry,
    /** True while some entry waits for a decision. */
    open,
    showing,
    facts,
    summary,
    typed,
    type,
    clearTyped,
    hits,
    searching: alternatives.state.status === "loading",
    searchFailed: alternatives.state.status === "failed" ? alternatives.state.error : undefined,
    highlighted,
    highlight,
    accept,
    reject,
    skip,
    back,
    canGoBack: history.current.length > 0 || (session?.position ?? 0) > 0,
    showTeam,
    /** Decisions are shared with the team through a gateway (else they stay in this workbook only). */
    teamShared: clients.team !== undefined,
    problem,
    report: (title: string, error: unknown) => setProblem({ title, error }),
    dismissProblem: () => setProblem(undefined),
  };
}
