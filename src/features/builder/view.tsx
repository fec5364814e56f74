/**
 * Build a table: pick the column of company numbers (or names, matched first), search and choose
 * fields, see the first three rows, and insert the UKCO.FIELD formulas beside the column or at a
 * cell; or open a selected UKCO.FIELD formula, change its fields or numbers, and write it back.
 * Always formulas, never values; never over cells that hold data.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useCallback } from "react";
import type { SourceColumn, TableLayout } from "@ukco/core/builder-layout";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useHandoff, type Handoff } from "../../taskpane/handoff";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView } from "../registry";
import { FieldPicker } from "./FieldPicker";
import { PreviewTable } from "./PreviewTable";
import { useBuilder, type Placement } from "./useBuilder";
import { usePreview } from "./usePreview";

const useStyles = makeStyles({
  view: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  row: { display: "flex", gap: tokens.spacingHorizontalS, minWidth: 0, alignItems: "center" },
  box: { flexGrow: 1, minWidth: 0 },
  wrap: { wordBreak: "break-word" },
});

type Options<T extends string> = readonly (readonly [T, string])[];

const KINDS: Options<SourceColumn["kind"]> = [
  ["numbers", "Company numbers"],
  ["names", "Company names (matched first with UKCO.MATCH, in a column of their own)"],
];
const LAYOUTS: Options<TableLayout> = [
  ["spill", "One formula for the whole table (it spills)"],
  ["cells", "A formula in each cell"],
];
const PLACEMENTS: Options<Placement> = [
  ["beside", "In the first empty columns right of the column"],
  ["cell", "At a cell (the header row goes there)"],
];

/** One choice of a few, each a radio button with its words. */
function Choice<T extends string>(props: { label: string; value: T; options: Options<T>; onChange(value: T): void }) {
  return (
    <RadioGroup aria-label={props.label} value={props.value} onChange={(_, data) => props.onChange(data.value as T)}>
      {props.options.map(([value, words]) => (
        <Radio key={value} value={value} label={words} />
      ))}
    </RadioGroup>
  );
}

function Builder() {
  const styles = useStyles();
  const { engine } = useRuntime();
  const b = useBuilder();
  // Another view (Match names) selected a column for us to build on.
  useHandoff(
    builderView.id,
    useCallback((request: Handoff) => request === "use-selection" && void b.pickSelection(), [b.pickSelection]),
  );
  const preview = usePreview(engine, b.head, b.kind, b.fields);
  const busy = b.action.status === "running";
  const columnProblem = b.column instanceof Error ? b.column.message : undefined;
  return (
    <div className={styles.view}>
      <Text block>
        Select the column of company numbers or names, choose fields, then insert UKCO.FIELD formulas beside it. Or
        select a UKCO.FIELD cell to edit it.
      </Text>
      <div className={styles.buttons}>
        <Button disabled={busy} onClick={() => void b.pickSelection()}>
          Use the selected column
        </Button>
        <Button disabled={busy} onClick={() => void b.editSelected()}>
          Edit selected formula
        </Button>
      </div>
      {b.opened ? (
        <div data-testid="builder-editing" className={styles.view}>
          <Text block weight="semibold" className={styles.wrap}>
            Editing {b.opened.address}
          </Text>
          <Text block font="monospace" size={200} className={styles.wrap} data-testid="builder-opened-formula">
            {b.opened.text}
          </Text>
          <Field label="Company numbers" hint="A cell or range, such as B2:B500.">
            <Input value={b.numbersText} onChange={(_, data) => b.setNumbersText(data.value)} />
          </Field>
        </div>
      ) : (
        b.picked && (
          <div data-testid="builder-source" className={styles.view}>
            <Text block className={styles.wrap}>
              Companies from {b.picked.address}
            </Text>
            <Choice
              label="The column holds"
              value={b.picked.guess.kind}
              options={KINDS}
              onChange={(kind) => b.setGuess({ kind })}
            />
            <Checkbox
              label="The first cell is a header"
              checked={b.picked.guess.header}
              onChange={(_, data) => b.setGuess({ header: data.checked === true })}
            />
            {columnProblem && <Text className={styles.wrap}>{columnProblem}</Text>}
          </div>
        )
      )}
      <FieldPicker chosen={b.fields} onAdd={b.addField} onRemove={b.removeField} onMove={b.moveField} />
      <PreviewTable state={preview} fields={b.fields} />
      {!b.opened && (
        <>
          <Choice label="Formulas" value={b.layout} options={LAYOUTS} onChange={(layout) => b.setLayout(layout)} />
          {b.layout === "spill" && b.kind === "names" && (
            <Text size={200} className={styles.wrap}>
              With one formula, a single name without a match turns the whole table into #N/A. A formula in each cell
              keeps it to that row.
            </Text>
          )}
          <Choice label="Where" value={b.placement} options={PLACEMENTS} onChange={(place) => b.setPlacement(place)} />
          {b.placement === "cell" && (
            <div className={styles.row}>
              <Input
                className={styles.box}
                aria-label="Cell for the table"
                placeholder="E1 or Sheet2!A1"
                value={b.placeText}
                onChange={(_, data) => b.setPlaceText(data.value)}
              />
              <Button disabled={busy} onClick={() => void b.placeAtActiveCell()}>
                Active cell
              </Button>
            </div>
          )}
        </>
      )}
      <div className={styles.buttons}>
        {b.opened ? (
          <>
            <Button appearance="primary" disabled={busy || b.fields.length === 0} onClick={() => void b.saveEdit()}>
              Write back
            </Button>
            <Button disabled={busy} onClick={b.stopEditing}>
              Stop editing
            </Button>
          </>
        ) : (
          <Button
            appearance="primary"
            disabled={busy || !b.picked || b.fields.length === 0}
            onClick={() => void b.insert()}
          >
            Insert table
          </Button>
        )}
      </div>
      <ActionOutcome state={b.action} failedTitle="That did not work" />
    </div>
  );
}

export const builderView = defineView({
  id: "builder",
  title: "Build a table",
  description: "Choose fields by searching, preview three rows, insert UKCO.FIELD formulas; edit one.",
  group: "Add data to a sheet",
  Component: Builder,
});
