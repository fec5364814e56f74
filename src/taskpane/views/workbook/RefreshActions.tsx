/**
 * Refresh the UKCO formulas of the workbook, the active sheet or the selection, or the values
 * older than some days; Convert the selection to values.
 */
import { Button, Text } from "@fluentui/react-components";
import { convertSelectionToValues } from "../../../host/convert-to-values";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { UsageLine } from "../../components/UsageLine";
import { ConfirmRefresh } from "./ConfirmRefresh";
import { useGuardedRefresh } from "./useGuardedRefresh";
import { RefreshOlder } from "./RefreshOlder";
import type { StoreAge } from "./useStoreAge";

const formulas = (n: number) => `${n.toLocaleString("en-GB")} UKCO formula${n === 1 ? "" : "s"}`;

export function RefreshActions({ age }: { age: StoreAge }) {
  const refresh = useGuardedRefresh();
  const [state, run] = useAction();
  const busy = state.status === "running" || refresh.state.status === "running";
  return (
    <section aria-labelledby="refresh-title" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text as="h3" weight="semibold" id="refresh-title" block>
        Refresh and share
      </Text>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button
          disabled={busy}
          onClick={() =>
            refresh.start(
              "Refresh workbook",
              { kind: "workbook" },
              () => "Refreshing every UKCO formula in the workbook.",
            )
          }
        >
          Refresh workbook
        </Button>
        <Button
          disabled={busy}
          onClick={() =>
            refresh.start(
              "Refresh this sheet",
              { kind: "activeSheet" },
              (n) => `Refreshed ${formulas(n ?? 0)} on this sheet.`,
            )
          }
        >
          Refresh this sheet
        </Button>
        <Button
          disabled={busy}
          onClick={() =>
            refresh.start(
              "Refresh selection",
              { kind: "selection" },
              (n) => `Refreshed ${formulas(n ?? 0)} in the selection.`,
            )
          }
        >
          Refresh selection
        </Button>
      </div>
      <RefreshOlder age={age} refresh={refresh} />
      {refresh.pending && (
        <ConfirmRefresh
          label={refresh.pending.label}
          estimate={refresh.pending.estimate}
          onConfirm={refresh.confirm}
          onCancel={refresh.cancel}
        />
      )}
      <ActionOutcome state={refresh.state} failedTitle="Could not refresh" />
      <UsageLine />
      <Text size={200}>
        Convert to values replaces the UKCO formulas in the selection (and what they spill) with their current values,
        for people who do not have the add-in.
      </Text>
      <Button
        disabled={busy}
        onClick={() =>
          run(async () => {
            const result = await convertSelectionToValues();
            const waiting = result.stillCalculating
              ? ` ${formulas(result.stillCalculating)} still calculating ${result.stillCalculating === 1 ? "was" : "were"} left as ${result.stillCalculating === 1 ? "a formula" : "formulas"}.`
              : "";
            const cards = result.cards
              ? ` ${result.cards === 1 ? "A company card became its name" : `${result.cards.toLocaleString("en-GB")} company cards became their names`} (text: a card needs the add-in).`
              : "";
            return `Converted ${formulas(result.converted)} to values (${result.cells.toLocaleString("en-GB")} cells).${cards}${waiting}`;
          })
        }
      >
        Convert selection to values
      </Button>
      <ActionOutcome state={state} failedTitle="Could not convert to values" />
    </section>
  );
}
