/**
 * Choosing the table's fields by what they mean: a search box, the fields it finds by their labels
 * (with the unit, what kind of value they hold, the scope they need and the contract's description;
 * the field name beneath, as a formula spells it), recommended fields first and fields read
 * through a list under "More fields"; and the chosen fields in column order, each movable up or
 * down and removable.
 */
import { Button, Checkbox, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState, type ReactNode } from "react";
import type { FieldKind } from "@ukco/api/product/fields";
import { fieldLabel } from "@ukco/core/field-labels";
import { fieldEntry, type FieldEntry } from "@ukco/core/field-search";
import { useFieldSearch } from "./useFieldSearch";

const useStyles = makeStyles({
  results: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    marginTop: tokens.spacingVerticalS,
  },
  field: { display: "flex", flexDirection: "column", minWidth: 0 },
  about: { color: tokens.colorNeutralForeground3, paddingLeft: "32px", overflowWrap: "break-word" },
  path: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: "anywhere" },
  chosen: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, minWidth: 0, flexWrap: "wrap" },
  chosenLabel: { flexGrow: 1, minWidth: "8em" },
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
});

/** What a field holds, in words rather than type names. */
const KIND_WORDS: Readonly<Record<FieldKind, string>> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "yes or no",
  date: "a date",
  datetime: "a date and time",
  "string[]": "a list of text",
  object: "a group of fields",
  "object[]": "a list of records",
};

/** "a whole number · needs jobdata:read · Reported where available…" */
function about(entry: FieldEntry): string {
  return [KIND_WORDS[entry.kind], entry.scope ? `needs ${entry.scope}` : "", entry.description]
    .filter(Boolean)
    .join(" · ");
}

/** A field path with places to break after dots, underscores and brackets, never inside a word. */
export function breakablePath(path: string): ReactNode[] {
  return path.split(/(?<=[._\]])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

function FoundField({ entry, chosen, onAdd, onRemove }: { entry: FieldEntry } & Props) {
  const styles = useStyles();
  return (
    <div className={styles.field}>
      <Checkbox
        label={entry.label}
        checked={chosen.includes(entry.path)}
        onChange={(_, data) => (data.checked ? onAdd(entry.path) : onRemove(entry.path))}
      />
      <Text size={200} className={styles.about}>
        <span className={styles.path}>{breakablePath(entry.path)}</span>
        {` · ${about(entry)}`}
      </Text>
    </div>
  );
}

interface Props {
  chosen: readonly string[];
  onAdd(path: string): void;
  onRemove(path: string): void;
}

interface PickerProps extends Props {
  /** Moves a chosen field one place left (-1) or right (+1) in the table. */
  onMove(path: string, by: -1 | 1): void;
}

function ChosenFields({ chosen, onRemove, onMove }: Omit<PickerProps, "onAdd">) {
  const styles = useStyles();
  if (chosen.length === 0) return <Text>None yet: search and tick fields above.</Text>;
  return (
    <ul className={styles.list} data-testid="builder-chosen">
      {chosen.map((path, i) => {
        const label = fieldLabel(path);
        return (
          <li key={path} className={styles.chosen}>
            <Text className={styles.chosenLabel} title={fieldEntry(path)?.description}>
              {label}
            </Text>
            <Button size="small" disabled={i === 0} onClick={() => onMove(path, -1)} aria-label={`Move ${label} up`}>
              Up
            </Button>
            <Button
              size="small"
              disabled={i === chosen.length - 1}
              onClick={() => onMove(path, 1)}
              aria-label={`Move ${label} down`}
            >
              Down
            </Button>
            <Button size="small" onClick={() => onRemove(path)} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

export function FieldPicker({ chosen, onAdd, onRemove, onMove }: PickerProps) {
  const styles = useStyles();
  const { query, setQuery, main, more } = useFieldSearch();
  const [showMore, setShowMore] = useState(false);
  const field = (entry: FieldEntry) => (
    <FoundField key={entry.path} entry={entry} chosen={chosen} onAdd={onAdd} onRemove={onRemove} />
  );
  return (
    <div>
      <Field label="Search fields" hint='Words of what you want, such as "turnover" or "postcode".'>
        <Input type="search" value={query} onChange={(_, data) => setQuery(data.value)} />
      </Field>
      <div data-testid="builder-results" className={styles.results}>
        {query.trim() !== "" && main.length + more.length === 0 && <Text block>No field matches every word.</Text>}
        {main.map(field)}
        {more.length > 0 && (
          <>
            <Button
              appearance="subtle"
              aria-expanded={showMore}
              onClick={() => setShowMore((now) => !now)}
              style={{ alignSelf: "flex-start" }}
            >
              {`${showMore ? "Hide" : "More fields"}: ${more.length} from lists (filed accounts, funding rounds…)`}
            </Button>
            {showMore && <div data-testid="builder-more-fields">{more.map(field)}</div>}
          </>
        )}
      </div>
      <Field label={`Chosen fields (${chosen.length}), in column order`}>
        <ChosenFields chosen={chosen} onRemove={onRemove} onMove={onMove} />
      </Field>
    </div>
  );
}
