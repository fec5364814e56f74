/**
 * Values read from the selected cells (company numbers, website addresses, a market's numbers):
 * parsed, repeats dropped, and every cell that holds nothing usable listed with its address, so the
 * user can fix it in the sheet. One bad cell never stops the others being used.
 */
import { Button, Field, Text } from "@fluentui/react-components";
import { useState } from "react";
import { collectCells, type CellParse, type CollectedCells } from "@ukco/core/import/collect-cells";
import { InvalidArgumentError } from "@ukco/core/errors";
import { readSelection } from "../../host/selection";
import { ErrorBar } from "./ErrorBar";

/** INFERRED (ours): invalid cells listed by address before "and N more". */
const SHOWN_INVALID = 10;

export interface CellsSource extends CollectedCells {
  address: string;
}

interface Props {
  label: string;
  hint: string;
  /** "company number", "website address" … and their plurals, for the summary line. */
  noun: string;
  plural: string;
  parse(value: unknown): CellParse;
  max: number;
  source: CellsSource | undefined;
  onChange(source: CellsSource | undefined): void;
  testId: string;
}

export function CellsFromSelection({ label, hint, noun, plural, parse, max, source, onChange, testId }: Props) {
  const [error, setError] = useState<unknown>();
  const take = async () => {
    setError(undefined);
    try {
      const selection = await readSelection(max * 2);
      const collected = collectCells(selection.address, selection.values, parse);
      if (collected.values.length > max)
        throw new InvalidArgumentError(
          `The selection holds ${collected.values.length.toLocaleString("en-GB")} ${plural}; this takes at most ${max.toLocaleString("en-GB")}.`,
        );
      onChange({ ...collected, address: selection.address });
    } catch (caught) {
      setError(caught);
    }
  };
  const count = source?.values.length ?? 0;
  return (
    <Field label={label} hint={hint}>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button onClick={take} aria-label={`${label}: use the selected cells`}>
          Use the selected cells
        </Button>
        {source && (
          <Button onClick={() => onChange(undefined)} aria-label={`${label}: clear`}>
            Clear
          </Button>
        )}
      </div>
      {error !== undefined && (
        <ErrorBar title="Could not read the selection" error={error} onDismiss={() => setError(undefined)} />
      )}
      {source && (
        <div data-testid={testId} role="status">
          <Text block>
            {`${count.toLocaleString("en-GB")} ${count === 1 ? noun : plural} from ${source.address}`}
            {source.repeated ? ` (${source.repeated} repeated, counted once)` : ""}
            {source.headerSkipped ? "; the first cell was read as a header" : ""}.
          </Text>
          {source.invalid.length > 0 && (
            <div data-testid={`${testId}-invalid`}>
              <Text
                block
                weight="semibold"
              >{`${source.invalid.length} cell${source.invalid.length === 1 ? " holds" : "s hold"} no valid ${noun} (left out):`}</Text>
              <ul style={{ margin: "4px 0", paddingLeft: 18 }}>
                {source.invalid.slice(0, SHOWN_INVALID).map((cell) => (
                  <li key={cell.address}>
                    <Text size={200}>{`${cell.address}: ${cell.reason}`}</Text>
                  </li>
                ))}
              </ul>
              {source.invalid.length > SHOWN_INVALID && (
                <Text size={200}>{`…and ${source.invalid.length - SHOWN_INVALID} more.`}</Text>
              )}
            </div>
          )}
        </div>
      )}
    </Field>
  );
}
