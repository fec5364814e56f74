/**
 * Setting up and running Match names: the names read from the selection (with the header and
 * hint columns the user picks), the review threshold and output kind, then the batch jobs with
 * progress and Cancel. A finished (or cancelled) run writes the result columns and hands the new
 * session, with its review queue, to the session hook.
 */
import { useCallback, useMemo, useState } from "react";
import type { ApiClients } from "@ukco/api/factory";
import { AuthRequiredError } from "@ukco/core/api-values";
import type { CredentialStore } from "@ukco/core/credentials";
import type { Engine } from "@ukco/core/engine";
import { columnLetters } from "@ukco/core/import/a1";
import { OUTPUT_WIDTH } from "@ukco/core/match-names/output";
import { distinctKeys } from "@ukco/core/match-names/jobs";
import { buildSession, placeResults } from "@ukco/core/match-names/build";
import {
  columnOptions,
  guessHintColumn,
  looksLikeNameHeader,
  nameRows,
  type HintChoice,
  type SheetBlock,
} from "@ukco/core/match-names/input";
import { DEFAULT_THRESHOLD, type Threshold } from "@ukco/core/match-names/queue";
import { runMatchNames, type RunProgress } from "@ukco/core/match-names/run";
import type { OutputKind } from "@ukco/core/match-names/session";
import { readNameBlock, writeResultColumns } from "./host";
import { useLookup, type LookupState } from "../../taskpane/hooks/useLookup";
import type { SessionState } from "./useMatchSession";
import { runMessage } from "./words";

/** INFERRED (ours): the most rows one run takes; five batch jobs' worth of distinct names and more. */
export const MAX_NAME_ROWS = 20_000;

/** What a finished (or cancelled) run came to. */
interface RunOutcome {
  message: string;
  failures: string[];
  cancelled: boolean;
  teamProblem?: unknown;
}

export type MatchRunState =
  | { status: "idle" }
  | { status: "running"; progress?: RunProgress; cancelling: boolean }
  | ({ status: "done" } & RunOutcome)
  | { status: "failed"; error: unknown };

function matchRunState(state: LookupState<SheetBlock, RunOutcome, RunProgress>): MatchRunState {
  switch (state.status) {
    case "idle":
      return state;
    case "loading":
      return {
        status: "running",
        cancelling: state.cancelling === true,
        ...(state.progress !== undefined ? { progress: state.progress } : {}),
      };
    case "done":
      return { status: "done", ...state.result };
    case "failed":
      return { status: "failed", error: state.error };
  }
}

export function useMatchRun(clients: ApiClients, engine: Engine, credentials: CredentialStore, sessions: SessionState) {
  const [block, setBlock] = useState<SheetBlock | undefined>();
  const [choice, setChoice] = useState<HintChoice>({ header: false });
  const [readError, setReadError] = useState<unknown>();
  const [threshold, setThreshold] = useState<Threshold>(DEFAULT_THRESHOLD);
  const [output, setOutput] = useState<OutputKind>("values");

  const options = useMemo(() => (block ? columnOptions(block, choice.header) : []), [block, choice.header]);
  const rows = useMemo(() => (block ? nameRows(block, choice) : []), [block, choice]);
  const distinct = useMemo(() => distinctKeys(rows.map((r) => r.key)).length, [rows]);

  const takeSelection = useCallback(async () => {
    setReadError(undefined);
    try {
      const read = await readNameBlock(MAX_NAME_ROWS);
      const header = looksLikeNameHeader(read.values[0]?.[read.nameColumn]);
      const found = columnOptions(read, header);
      setBlock(read);
      setChoice({
        header,
        postcodeColumn: guessHintColumn(found, "postcode"),
        websiteColumn: guessHintColumn(found, "website"),
      });
    } catch (error) {
      setReadError(error);
    }
  }, []);

  // The run: a Lookup asked for the names taken, with the choices made when Start is pressed.
  const run = useLookup<SheetBlock, RunOutcome, RunProgress>(async (block, signal, report) => {
    // Signed out, nothing is sent and nothing is written: the message bar offers the way to sign in.
    if (!(await credentials.status("matching")).signedIn) throw new AuthRequiredError("matching", "missing");
    const keys = distinctKeys(rows.map((r) => r.key));
    const outcome = await runMatchNames(clients.matching, keys, {
      signal,
      onProgress: report,
      // UKCO.MATCH formulas for the same names then answer from the cache, with no second job.
      remember: (key, match) => void engine.rememberAnswer("matches", key, match),
      // Through a team gateway, the team's decisions answer first; only the rest go to jobs.
      team: clients.team,
    });
    // A credential the service refused fails every job alike: say so, and write no row of it.
    const refused = outcome.failures.find((f) => f.cause instanceof AuthRequiredError)?.cause;
    if (refused && outcome.results.size === 0) throw refused;
    const place = placeResults(block, choice.header, sessions.latest());
    const { session, grid } = buildSession({
      block,
      choice,
      rows,
      outcome,
      threshold,
      output,
      column: place.column,
      now: new Date(),
    });
    await writeResultColumns(block.sheet, place.column, session.firstRow, grid, session.headerRow);
    sessions.update(session);
    const where = `columns ${columnLetters(place.column)} to ${columnLetters(place.column + OUTPUT_WIDTH - 1)}`;
    const message = runMessage(outcome, keys.length, where, place.replacesPrevious);
    return {
      message,
      failures: session.failures,
      cancelled: outcome.cancelled,
      ...(outcome.teamProblem !== undefined ? { teamProblem: outcome.teamProblem } : {}),
    };
  });
  const state = useMemo(() => matchRunState(run.state), [run.state]);
  const { run: ask } = run;
  const start = useCallback(async () => {
    if (block) await ask(block);
  }, [block, ask]);

  return {
    block,
    choice,
    setChoice,
    options,
    rows,
    distinct,
    readError,
    takeSelection,
    threshold,
    setThreshold,
    output,
    setOutput,
    state,
    start,
    cancel: run.cancel,
    dismiss: run.reset,
  };
}
