/** Clear: forgets everything the add-in stored for this workbook, after a confirmation. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from "@fluentui/react-components";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { useRuntime } from "../../runtime-context";

export function ClearStore() {
  const { engine } = useRuntime();
  const [state, run] = useAction();
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Dialog>
        <DialogTrigger disableButtonEnhancement>
          <Button>Clear stored data…</Button>
        </DialogTrigger>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Clear the add-in's data in this workbook?</DialogTitle>
            <DialogContent>
              Companies, matches, classifications and groups stored in this workbook are forgotten. Cells keep what they
              show until they are refreshed, which fetches everything again. Imported tables and their saved queries are
              not touched.
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button
                  appearance="primary"
                  onClick={() => run(async () => (await engine.clear(), "Cleared: the workbook's store is empty."))}
                >
                  Clear
                </Button>
              </DialogTrigger>
              <DialogTrigger disableButtonEnhancement>
                <Button>Keep it</Button>
              </DialogTrigger>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ActionOutcome state={state} failedTitle="Could not clear the store" />
    </div>
  );
}
