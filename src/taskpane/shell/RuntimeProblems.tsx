/** Problems of the shared runtime (a damaged workbook store, a failed save, a bad configuration), each dismissable. */
import { useEffect, useState } from "react";
import { onRuntimeProblem } from "../../host/runtime";
import { ErrorBar } from "../components/ErrorBar";

export function RuntimeProblems() {
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(
    () =>
      onRuntimeProblem((message) =>
        setProblems((current) => (current.includes(message) ? current : [...current, message])),
      ),
    [],
  );
  return (
    <>
      {problems.map((message) => (
        <ErrorBar
          key={message}
          title="The add-in has a problem"
          error={new Error(message)}
          onDismiss={() => setProblems((current) => current.filter((m) => m !== message))}
        />
      ))}
    </>
  );
}
