/**
 * Where a lookup's progress and outcome are read: a polite live region (a spinner while it asks,
 * the view's sentence about the answer when it comes) and, when it fails, the message bar. Every
 * view that asks a service shows its outcome through this, so a failure reads the same everywhere.
 */
import { Spinner } from "@fluentui/react-components";
import type { ReactNode } from "react";
import type { LookupState } from "../hooks/useLookup";
import { ErrorBar } from "./ErrorBar";

interface Props<Q, R> {
  state: LookupState<Q, R>;
  /** Spinner label while asking, e.g. "Searching…". */
  busy: string;
  /** What the message bar calls the failure, e.g. "The search did not run". */
  failedTitle: string;
  /** The sentence (or more) the answer deserves; nothing when the view shows the answer elsewhere. */
  done?(result: R, query: Q): ReactNode;
  /** Test id of the live region. */
  testId?: string;
  /** Offered on the message bar (usually the lookup's reset). */
  onDismiss?(): void;
}

export function LookupStatus<Q, R>({ state, busy, failedTitle, done, testId, onDismiss }: Props<Q, R>) {
  return (
    <>
      <div role="status" aria-live="polite" data-testid={testId}>
        {state.status === "loading" && <Spinner size="tiny" label={busy} />}
        {state.status === "done" && done?.(state.result, state.query)}
      </div>
      {state.status === "failed" && <ErrorBar title={failedTitle} error={state.error} onDismiss={onDismiss} />}
    </>
  );
}
