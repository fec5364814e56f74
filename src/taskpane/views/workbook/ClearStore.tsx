/**
 * Clear: forgets everything the add-in stored for this workbook, after a confirmation asked in place
 * (a bar under the button, focus on its question) rather than in a modal dialog: a 350 × 378 pane
 * has no room for one, and Fluent's dialog leaves focusable stops in the page once it has been
 * rendered, hidden from assistive technology (axe's aria-hidden-focus), whether or not it opens.
 */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Text,
} from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { useRuntime } from "../../runtime-context";

export function ClearStore() {
  const { engine } = useRuntime();
  const [state, run] = useAction();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the question: to it when it opens, back to the button when it closes.
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (wasAsking.current) button.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const clear = () => {
    setAsking(false);
    void run(async () => (await engine.clear(), "Cleared: the workbook's store is empty."));
  };
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Button ref={button} aria-expanded={asking} onClick={() => setAsking(true)}>
        Clear stored data…
      </Button>
      {asking && (
        <MessageBar
          intent="warning"
          layout="multiline"
          data-testid="confirm-clear"
          onKeyDown={(event) => event.key === "Escape" && setAsking(false)}
        >
          <MessageBarBody>
            <MessageBarTitle>
              <span ref={question} tabIndex={-1} style={{ outline: "none" }}>
                Clear the add-in&apos;s data in this workbook?
              </span>
            </MessageBarTitle>
            <Text>
              Companies, matches, classifications and groups stored in this workbook are forgotten. Cells keep what they
              show until they are refreshed, which fetches everything again. Imported tables and their saved queries are
              not touched.
            </Text>
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={clear}>
              Clear
            </Button>
            <Button onClick={() => setAsking(false)}>Keep it</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <ActionOutcome state={state} failedTitle="Could not clear the store" />
    </div>
  );
}
