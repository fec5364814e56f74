/**
 * Filter codes typed by hand, for the filter groups the catalogue did not offer (it could not be
 * read, or it lacks the group): the request takes the codes whatever the catalogue says.
 */
import { Field, Input } from "@fluentui/react-components";
import { useState } from "react";
import { FILTER_LABELS, type FilterField } from "@ukco/core/import/query";

/** Codes separated by commas, semicolons or spaces; empty pieces dropped. */
export const splitCodes = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

export function TypedCodes({
  fields,
  onChange,
}: {
  fields: readonly FilterField[];
  onChange: (field: FilterField, codes: string[]) => void;
}) {
  const [texts, setTexts] = useState<Partial<Record<FilterField, string>>>({});
  return (
    <>
      {fields.map((field) => (
        <Field key={field} label={`${FILTER_LABELS[field]} (codes typed by hand)`} hint="Separate codes with commas.">
          <Input
            data-testid={`typed-codes-${field}`}
            value={texts[field] ?? ""}
            onChange={(_, data) => {
              setTexts((t) => ({ ...t, [field]: data.value }));
              onChange(field, splitCodes(data.value));
            }}
          />
        </Field>
      ))}
    </>
  );
}
