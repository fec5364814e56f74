/**
 * The Match names session kept in the workbook: read once when the view mounts (so a reopened
 * pane or file shows the same queue and decisions), and saved after every change. Saves never
 * overlap: a change made while one is being written is saved right after it, newest state only.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { MatchSession } from "@ukco/core/match-names/session";
import { loadMatchSession, saveMatchSession } from "./host";

export interface SessionState {
  loading: boolean;
  session: MatchSession | undefined;
  /** A damaged saved queue, or a save that failed. */
  problem: unknown;
  /** Replaces the session (a new run, a decision) and saves it. */
  update(next: MatchSession | ((current: MatchSession) => MatchSession)): void;
  /** The newest session, for handlers that run between renders. */
  latest(): MatchSession | undefined;
  dismissProblem(): void;
}

export function useMatchSession(): SessionState {
  const [session, setSession] = useState<MatchSession | undefined>();
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<unknown>();
  const current = useRef<MatchSession | undefined>(undefined);
  const saving = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });

  useEffect(() => {
    let live = true;
    loadMatchSession().then(
      (loaded) => {
        if (!live) return;
        if (loaded.problem)
          setProblem(new Error(`The review queue saved in this workbook was not read: ${loaded.problem}.`));
        // A run finished while the workbook was being read wins over what was read.
        if (loaded.session && !current.current) {
          current.current = loaded.session;
          setSession(loaded.session);
        }
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(error);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const save = useCallback(async () => {
    if (saving.current.busy) {
      saving.current.again = true;
      return;
    }
    saving.current.busy = true;
    try {
      do {
        saving.current.again = false;
        if (current.current) await saveMatchSession(current.current);
      } while (saving.current.again);
    } catch (error) {
      setProblem(error);
    } finally {
      saving.current.busy = false;
    }
  }, []);

  const update = useCallback(
    (next: MatchSession | ((current: MatchSession) => MatchSession)) => {
      const value = typeof next === "function" ? (current.current ? next(current.current) : undefined) : next;
      if (!value) return;
      current.current = value;
      setSession(value);
      void save();
    },
    [save],
  );
  const latest = useCallback(() => current.current, []);
  const dismissProblem = useCallback(() => setProblem(undefined), []);
  return { loading, session, problem, update, latest, dismissProblem };
}
