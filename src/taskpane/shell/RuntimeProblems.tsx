/**
 * Problems of the shared runtime (a damaged workbook store, a failed save, a bad configuration)
 * and ribbon commands that failed, each dismissable, above every view.
 */
import { useEffect, useState } from "react";
import { onCommandFailure } from "../../host/command-failures";
import { onRuntimeProblem } from "../../host/runtime";
import { ErrorBar } from "../components/ErrorBar";

interface Problem {
  key: number;
  title: string;
  error: unknown;
  /** A runtime problem's text: the same one is shown once while it is on screen. */
  message?: string;
}

let nextKey = 0;

export function RuntimeProblems() {
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => {
    const stopProblems = onRuntimeProblem((message) =>
      setProblems((current) =>
        current.some((p) => p.message === message)
          ? current
          : [...current, { key: nextKey++, title: "The add-in has a problem", error: new Error(message), message }],
      ),
    );
    const stopCommands = onCommandFailure(({ command, error }) =>
      setProblems((current) => [...current, { key: nextKey++, title: `${command} did not finish`, error }]),
    );
    return () => {
      stopProblems();
      stopCommands();
    };
  }, []);
  return (
    <>
      {problems.map(({ key, title, error }) => (
        <ErrorBar
          key={key}
          title={title}
          error={error}
          onDismiss={() => setProblems((current) => current.filter((p) => p.key !== key))}
        />
      ))}
    </>
  );
}
