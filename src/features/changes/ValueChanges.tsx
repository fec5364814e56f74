/**
 * The values a refresh changed, readable at a glance: the company by name beside its number, the
 * field by its label, before and after as short text (lists summarised), the difference and the
 * change in per cent with a small bar, and Go to for every cell that shows it, named with its sheet.
 * Changes no sheet shows wait behind a toggle.
 */
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { changeKey } from "@ukco/core/analysis/change-cells";
import { changeWords, shortNumber } from "@ukco/core/change-words";
import type { ValueChange } from "@ukco/core/engine";
import { selectCell } from "./host";

const useStyles = makeStyles({
  scroller: { overflowX: "auto", maxWidth: "100%" },
  table: { borderCollapse: "collapse", fontSize: tokens.fontSizeBase200, width: "100%" },
  cell: {
    overflowWrap: "break-word",
    verticalAlign: "top",
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXXS}`,
  },
  head: { textAlign: "left", padding: `0 ${tokens.spacingHorizontalXXS}` },
  track: { width: "48px", height: "6px", backgroundColor: tokens.colorNeutralBackground5, borderRadius: "3px" },
  up: { height: "100%", backgroundColor: tokens.colorPaletteGreenBackground3, borderRadius: "3px" },
  down: { height: "100%", backgroundColor: tokens.colorPaletteRedBackground3, borderRadius: "3px" },
});

/** +300k, −1.2m */
const signed = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : ""}${shortNumber(Math.abs(n))}`;
/** +25.0%, −3.1% */
const percent = (share: number) =>
  `${share > 0 ? "+" : share < 0 ? "−" : ""}${Math.abs(share * 100).toLocaleString("en-GB", { maximumFractionDigits: 1 })}%`;

/** A bar as long as the change in per cent (full at 100% or more), green up and red down. */
function ChangeBar({ share }: { share: number }) {
  const styles = useStyles();
  return (
    <div className={styles.track} aria-hidden="true">
      <div
        className={share >= 0 ? styles.up : styles.down}
        style={{ width: `${Math.min(Math.abs(share), 1) * 100}%` }}
      />
    </div>
  );
}

/** A Go to button for each cell that shows a change, named with its sheet. */
export function GoToCells({ cells }: { cells: readonly string[] }) {
  return cells.map((address) => (
    <Button
      key={address}
      appearance="transparent"
      size="small"
      aria-label={`Go to ${address}`}
      onClick={() => void selectCell(address)}
    >
      {address}
    </Button>
  ));
}

function ChangeRow({ change, name, cells }: { change: ValueChange; name?: string; cells: readonly string[] }) {
  const styles = useStyles();
  const words = changeWords(change.field, change.before, change.after);
  return (
    <tr data-testid="change-row">
      <td className={styles.cell}>
        <Text block data-testid="change-company">
          {name ?? change.company}
        </Text>
        {name && <Text size={100}>{change.company}</Text>}
      </td>
      <td className={styles.cell} data-testid="change-field">
        {words.label}
      </td>
      <td className={styles.cell} data-testid="change-before">
        {words.before}
      </td>
      <td className={styles.cell} data-testid="change-after">
        {words.after}
      </td>
      <td className={styles.cell} data-testid="change-difference">
        {words.difference !== undefined && <Text block>{signed(words.difference)}</Text>}
        {words.share !== undefined && (
          <>
            <Text block size={100}>
              {percent(words.share)}
            </Text>
            <ChangeBar share={words.share} />
          </>
        )}
      </td>
      <td className={styles.cell}>
        <GoToCells cells={cells} />
      </td>
    </tr>
  );
}

function ChangeTable(props: {
  testId: string;
  caption: string;
  changes: readonly ValueChange[];
  names: ReadonlyMap<string, string>;
  cells: ReadonlyMap<string, string[]>;
}) {
  const styles = useStyles();
  if (props.changes.length === 0) return null;
  return (
    // A wide change scrolls inside its own box rather than widening the pane.
    <div className={styles.scroller}>
      <table data-testid={props.testId} className={styles.table}>
        <caption style={{ textAlign: "left" }}>{props.caption}</caption>
        <thead>
          <tr>
            {["Company", "Field", "Before", "After", "Change", "Cells"].map((header) => (
              <th key={header} scope="col" className={styles.head}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.changes.map((change) => (
            <ChangeRow
              key={changeKey(change.company, change.field)}
              change={change}
              name={props.names.get(change.company)}
              cells={props.cells.get(changeKey(change.company, change.field)) ?? []}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ValueChanges({
  changes,
  names,
  cells,
}: {
  changes: readonly ValueChange[];
  names: ReadonlyMap<string, string>;
  cells: ReadonlyMap<string, string[]>;
}) {
  const [showHidden, setShowHidden] = useState(false);
  const shown = changes.filter((c) => cells.has(changeKey(c.company, c.field)));
  const unshown = changes.filter((c) => !cells.has(changeKey(c.company, c.field)));
  return (
    <>
      <ChangeTable
        testId="changes-table"
        caption="Values changed by the last refresh"
        changes={shown}
        names={names}
        cells={cells}
      />
      {unshown.length > 0 && (
        <>
          <Button
            appearance="subtle"
            aria-expanded={showHidden}
            onClick={() => setShowHidden((now) => !now)}
            style={{ alignSelf: "flex-start" }}
            data-testid="changes-unshown-toggle"
          >
            {`Fields no sheet shows (${unshown.length})`}
          </Button>
          {showHidden && (
            <ChangeTable
              testId="changes-unshown-table"
              caption="Changed values no cell shows"
              changes={unshown}
              names={names}
              cells={cells}
            />
          )}
        </>
      )}
    </>
  );
}
