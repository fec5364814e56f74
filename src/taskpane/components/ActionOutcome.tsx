import { Spinner } from "@fluentui/react-components";
import { DoneBar, ErrorBar } from "./ErrorBar";
import type { ActionState } from "../hooks/useAction";

/** What the last save, sign-in or connection test on a card came to. */
export function ActionOutcome({ state, failedTitle }: { state: ActionState; failedTitle: string }) {
  if (state.status === "running") return <Spinner size="tiny" label="Working…" />;
  if (state.status === "ok") return <DoneBar>{state.message}</DoneBar>;
  if (state.status === "warning") return <DoneBar intent="warning">{state.message}</DoneBar>;
  if (state.status === "failed") return <ErrorBar error={state.error} title={failedTitle} />;
  return null;
}
