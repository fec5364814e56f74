/**
 * Choosing the table's fields: a search box, the fields it finds grouped by the object they sit in
 * (each with its kind, scope and description), a checkbox each; and the chosen fields in column
 * order, each with a Remove button.
 */
import { Button, Checkbox, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { fieldEntry, TOP_LEVEL_GROUP, type FieldEntry } from "../../../core/field-search";
import { useFieldSearch } from "./useFieldSearch";

const useStyles = makeStyles({
  group: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    marginTop: tokens.spacingVerticalS,
  },
  field: { display: "flex", flexDirection: "column", minWidth: 0 },
  path: { wordBreak: "break-word" },
  about: { color: tokens.colorNeutralForeground3, paddingLeft: "32px", wordBreak: "break-word" },
  chosen: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, minWidth: 0 },
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
  },
});

/** "number · needs jobdata:read · Filed accounts by year…" */
function about(entry: FieldEntry): string {
  return [entry.kind, entry.scope ? `needs ${entry.scope}` : "", entry.description].filter(Boolean).join(" · ");
}

interface Props {
  chosen: readonly string[];
  onAdd(path: string): void;
  onRemove(path: string): void;
}

export function FieldPicker({ chosen, onAdd, onRemove }: Props) {
  const styles = useStyles();
  const { query, setQuery, groups } = useFieldSearch();
  return (
    <div>
      <Field label="Search fields" hint='Words of a field name or description, such as "turnover" or "postcode".'>
        <Input type="search" value={query} onChange={(_, data) => setQuery(data.value)} />
      </Field>
      <div data-testid="builder-results">
        {query.trim() !== "" && groups.length === 0 && <Text block>No field matches every word.</Text>}
        {groups.map((group) => (
          <div key={group.group} className={styles.group} role="group" aria-label={group.group}>
            <Text weight="semibold" className={styles.path}>
              {group.group === TOP_LEVEL_GROUP ? "Company (top level)" : group.group}
            </Text>
            {group.description && (
              <Text size={200} className={styles.path}>
                {group.description}
              </Text>
            )}
            {group.entries.map((entry) => (
              <div key={entry.path} className={styles.field}>
                <Checkbox
                  label={<span className={styles.path}>{entry.path}</span>}
                  checked={chosen.includes(entry.path)}
                  onChange={(_, data) => (data.checked ? onAdd(entry.path) : onRemove(entry.path))}
                />
                <Text size={200} className={styles.about}>
                  {about(entry)}
                </Text>
              </div>
            ))}
          </div>
        ))}
      </div>
      <Field label={`Chosen fields (${chosen.length}), in column order`}>
        {chosen.length === 0 ? (
          <Text>None yet: search and tick fields above.</Text>
        ) : (
          <ul className={styles.list} data-testid="builder-chosen">
            {chosen.map((path) => (
              <li key={path} className={styles.chosen}>
                <Text
                  className={styles.path}
                  style={{ flexGrow: 1, minWidth: 0 }}
                  title={fieldEntry(path)?.description}
                >
                  {path}
                </Text>
                <Button size="small" onClick={() => onRemove(path)} aria-label={`Remove ${path}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Field>
    </div>
  );
}
