/**
 * Problems of the shared runtime (a damaged workbook store, a failed save, a bad configuration),
 * ribbon commands that failed, and what a ribbon refresh changed (with a way to What changed), each
 * dismissable, above every view.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { onCommandReport } from "../../host/command-reports";
import { onRuntimeProblem } from "../../host/runtime";
import { ErrorBar } from "../components/ErrorBar";
import { usePaneNavigation } from "../navigation";
import { changesSummary } from "../views/changes/summary";

type Notice = { key: number; title: string } & (
  | {
      error: unknown;
      /** A runtime problem's text: the same one is shown once while it is on screen. */ message?: string;
    }
  | { done: string }
);

let nextKey = 0;

export function RuntimeProblems() {
  const navigation = usePaneNavigation();
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
      const notice: Notice =
        "error" in report
          ? { key: nextKey++, title: `${report.command} did not finish`, error: report.error }
          : {
              key: nextKey++,
              title: report.command,
              done: `${changesSummary(report.refreshed)}${report.settled ? "" : " Some values are still being fetched."}`,
            };
      // One refresh notice at a time: the latest says what the last refresh changed.
      setNotices((current) => [...current.filter((n) => !("done" in n)), notice]);
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
        "done" in notice ? (
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
