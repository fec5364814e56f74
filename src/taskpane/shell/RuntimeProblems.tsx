/**
 * Problems of the shared runtime (a damaged workbook store, a failed save, a bad configuration),
 * ribbon commands that failed, a large ribbon refresh asking for the go-ahead, and what a ribbon
 * refresh changed (with a way to What changed), each dismissable, above every view.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { onCommandReport, runConfirmedRefresh, type CommandReport } from "../../host/command-reports";
import { onRuntimeProblem } from "../../host/runtime";
import { ErrorBar } from "../components/ErrorBar";
import { usePaneNavigation } from "../navigation";
import { useRuntime } from "../runtime-context";
import { changesSummary, nothingChanged } from "../../features/changes/summary";
import { ConfirmRefresh } from "../../features/workbook/ConfirmRefresh";

type Notice = { key: number; title: string } & (
  | {
      error: unknown;
      /** A runtime problem's text: the same one is shown once while it is on screen. */ message?: string;
    }
  | { done: string }
  /** A ribbon refresh waiting for the user's go-ahead. */
  | { confirm: Extract<CommandReport, { confirm: unknown }>["confirm"] }
);

let nextKey = 0;

/** INFERRED (ours): long enough to read "no stored value changed", short enough not to linger over every view. */
export const QUIET_NOTICE_MS = 6_000;

export function RuntimeProblems() {
  const navigation = usePaneNavigation();
  const { engine } = useRuntime();
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    const stopProblems = onRuntimeProblem((message) =>
      setNotices((current) =>
        current.some((p) => "message" in p && p.message === message)
          ? current
          : [...current, { key: nextKey++, title: "The add-in has a problem", error: new Error(message), message }],
      ),
    );
    const stopCommands = onCommandReport((report) => {
      const key = nextKey++;
      const notice: Notice =
        "error" in report
          ? { key, title: `${report.command} did not finish`, error: report.error }
          : "confirm" in report
            ? { key, title: report.command, confirm: report.confirm }
            : {
                key,
                title: report.command,
                done: `${changesSummary(report.refreshed)}${report.settled ? "" : " Some values are still being fetched."}`,
              };
      // One refresh notice at a time: the latest says what the last refresh changed (or asks first).
      setNotices((current) => [...current.filter((n) => "error" in n), notice]);
      // A refresh that changed nothing says so, then goes away by itself.
      if ("refreshed" in report && nothingChanged(report.refreshed))
        setTimeout(() => setNotices((current) => current.filter((n) => n.key !== key)), QUIET_NOTICE_MS);
    });
    return () => {
      stopProblems();
      stopCommands();
    };
  }, []);
  const dismiss = (key: number) => setNotices((current) => current.filter((p) => p.key !== key));
  return (
    <>
      {notices.map((notice) =>
        "confirm" in notice ? (
          <ConfirmRefresh
            key={notice.key}
            label={notice.title}
            estimate={notice.confirm.estimate}
            onConfirm={() => {
              dismiss(notice.key);
              void runConfirmedRefresh(notice.title, engine, notice.confirm.scope);
            }}
            onCancel={() => dismiss(notice.key)}
          />
        ) : "done" in notice ? (
          <MessageBar key={notice.key} intent="info" layout="multiline" data-testid="refresh-notice">
            <MessageBarBody>
              <MessageBarTitle>{notice.title}</MessageBarTitle>
              {notice.done}
            </MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button appearance="transparent" size="small" onClick={() => dismiss(notice.key)}>
                  Dismiss
                </Button>
              }
            >
              <Button
                size="small"
                onClick={() => {
                  dismiss(notice.key);
                  navigation?.navigate("changes");
                }}
              >
                Show what changed
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : (
          <ErrorBar key={notice.key} title={notice.title} error={notice.error} onDismiss={() => dismiss(notice.key)} />
        ),
      )}
    </>
  );
}
