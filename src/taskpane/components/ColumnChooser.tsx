/**
 * The columns of the import: searchable over the field catalogue (with each field's description),
 * nested paths typed as in UKCO.FIELD (`CompanyFinancials_Vendor[0].TURNOVER`), removable, and
 * back to the defaults in one click.
 */
import { Button, Combobox, Field, Option, Text } from "@fluentui/react-components";
import { useMemo, useState } from "react";
import { COLUMN_CHOICES, DEFAULT_COLUMNS, resolveColumns } from "@ukco/core/import/columns";

const SHOWN_OPTIONS = 40;

export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: readonly string[];
  onChange(columns: string[]): void;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const options = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return COLUMN_CHOICES.filter(
      (c) =>
        !columns.includes(c.path) &&
        (!needle || c.path.toLowerCase().includes(needle) || c.description.toLowerCase().includes(needle)),
    ).slice(0, SHOWN_OPTIONS);
  }, [text, columns]);

  const add = (path: string) => {
    const { columns: resolved, problems } = resolveColumns([path]);
    if (problems[0]) return setProblem(problems[0].message);
    const canonical = resolved[0]!.header;
    setProblem(undefined);
    setText("");
    if (!columns.includes(canonical)) onChange([...columns, canonical]);
  };

  return (
    <Field
      label="Columns"
      hint="Type to search the fields, or a path such as CompanyFinancials_Vendor[0].TURNOVER, then Enter."
      validationMessage={problem}
      validationState={problem ? "error" : "none"}
    >
      <Combobox
        freeform
        aria-label="Add a column"
        placeholder="Add a column…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onOptionSelect={(_, data) => data.optionValue && add(data.optionValue)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && text.trim() && !options.some((o) => o.path === text.trim())) add(text.trim());
        }}
      >
        {options.map((choice) => (
          <Option key={choice.path} value={choice.path} text={choice.path}>
            <span>
              {choice.path}
              {choice.description && (
                <Text size={200} block>
                  {choice.description}
                </Text>
              )}
            </span>
          </Option>
        ))}
      </Combobox>
      <ol aria-label="Chosen columns" style={{ margin: "6px 0", paddingLeft: 22 }} data-testid="chosen-columns">
        {columns.map((path) => (
          <li key={path}>
            <span style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
              <Text size={200}>{path}</Text>
              <Button
                size="small"
                appearance="subtle"
                aria-label={`Remove column ${path}`}
                disabled={columns.length === 1}
                onClick={() => onChange(columns.filter((c) => c !== path))}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <Button size="small" onClick={() => onChange([...DEFAULT_COLUMNS])}>
        Default columns
      </Button>
    </Field>
  );
}
