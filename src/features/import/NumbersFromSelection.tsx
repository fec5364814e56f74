/**
 * Company numbers taken from the selected cells: normalised, repeats dropped, and every cell that
 * holds no valid number listed with its address, so the user can fix it in the sheet.
 */
import { Button, Field, Text } from "@fluentui/react-components";
import { useState } from "react";
import { collectCompanyNumbers, type CollectedNumbers } from "@ukco/core/import/company-numbers";
import { MAX_IMPORT_NUMBERS, NUMBER_SET_THRESHOLD } from "@ukco/core/import/query";
import { InvalidArgumentError } from "@ukco/core/errors";
import { readSelection } from "../../host/selection";
import { ErrorBar } from "../../taskpane/components/ErrorBar";

/** INFERRED (ours): invalid cells listed by address before "and N more". */
const SHOWN_INVALID = 10;
/** Cells read at most from one selection: the numbers cap with room for blanks and a header. */
const MAX_CELLS = MAX_IMPORT_NUMBERS * 2;

export interface NumbersSource extends CollectedNumbers {
  address: string;
}

export function NumbersFromSelection({
  source,
  onChange,
}: {
  source: NumbersSource | undefined;
  onChange(source: NumbersSource | undefined): void;
}) {
  const [error, setError] = useState<unknown>();
  const take = async () => {
    setError(undefined);
    try {
      const selection = await readSelection(MAX_CELLS);
      const collected = collectCompanyNumbers(selection.address, selection.values);
      if (collected.numbers.length > MAX_IMPORT_NUMBERS) {
        throw new InvalidArgumentError(
          `The selection holds ${collected.numbers.length.toLocaleString("en-GB")} company numbers; one import takes at most ${MAX_IMPORT_NUMBERS.toLocaleString("en-GB")}.`,
        );
      }
      onChange({ ...collected, address: selection.address });
    } catch (caught) {
      setError(caught);
    }
  };
  const count = source?.numbers.length ?? 0;
  return (
    <Field
      label="Company numbers"
      hint="Select the cells that hold them, then press the button. Optional: filters alone also work."
    >
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button onClick={take}>Use the selected cells</Button>
        {source && <Button onClick={() => onChange(undefined)}>Clear numbers</Button>}
      </div>
      {error !== undefined && (
        <ErrorBar title="Could not read the selection" error={error} onDismiss={() => setError(undefined)} />
      )}
      {source && (
        <div data-testid="numbers-summary" role="status">
          <Text block>
            {count.toLocaleString("en-GB")} company number{count === 1 ? "" : "s"} from {source.address}
            {source.repeated ? ` (${source.repeated} repeated, counted once)` : ""}
            {source.headerSkipped ? "; the first cell was read as a header" : ""}.
            {count > NUMBER_SET_THRESHOLD ? " They will be uploaded as a set (kept by the service for 24 hours)." : ""}
          </Text>
          {source.invalid.length > 0 && (
            <div data-testid="invalid-numbers">
              <Text block weight="semibold">
                {source.invalid.length} cell{source.invalid.length === 1 ? " holds" : "s hold"} no valid company number:
              </Text>
              <ul style={{ margin: "4px 0", paddingLeft: 18 }}>
                {source.invalid.slice(0, SHOWN_INVALID).map((cell) => (
                  <li key={cell.address}>
                    <Text size={200}>
                      {cell.address}: {cell.reason}
                    </Text>
                  </li>
                ))}
              </ul>
              {source.invalid.length > SHOWN_INVALID && (
                <Text size={200}>…and {source.invalid.length - SHOWN_INVALID} more.</Text>
              )}
            </div>
          )}
        </div>
      )}
    </Field>
  );
}
