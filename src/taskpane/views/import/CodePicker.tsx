/**
 * A searchable multi-select over one group of the filter catalogue (RTICs, SICs, postcode
 * areas, …). Typing narrows by code or description; long lists show the first matches only.
 */
import {
  Field,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from "@fluentui/react-components";
import { useMemo, useState } from "react";
import type { PickerGroup } from "./useFilterCatalogue";

/** INFERRED (ours): options listed at once; typing narrows the rest. */
const SHOWN_OPTIONS = 50;

export function CodePicker({
  group,
  selected,
  onChange,
}: {
  group: Pick<PickerGroup, "name" | "values">;
  selected: readonly string[];
  onChange(codes: string[]): void;
}) {
  const [query, setQuery] = useState("");
  const labels = useMemo(() => new Map(group.values.map((v) => [v.code, v.description])), [group]);
  const matching = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const all = group.values.filter(
      (v) =>
        !selected.includes(v.code) &&
        (!needle || v.code.toLowerCase().includes(needle) || v.description.toLowerCase().includes(needle)),
    );
    return { shown: all.slice(0, SHOWN_OPTIONS), more: Math.max(0, all.length - SHOWN_OPTIONS) };
  }, [group, query, selected]);
  const label = (code: string) =>
    labels.get(code) && labels.get(code) !== code ? `${code} ${labels.get(code)}` : code;

  return (
    <Field
      label={group.name}
      hint={
        matching.more > 0
          ? `${matching.more} more not listed: type to narrow.`
          : matching.shown.length === 0 && query
            ? "Nothing matches what you typed."
            : undefined
      }
    >
      <TagPicker
        selectedOptions={[...selected]}
        onOptionSelect={(_, data) => {
          onChange(data.selectedOptions);
          setQuery("");
        }}
      >
        <TagPickerControl>
          <TagPickerGroup aria-label={`Chosen ${group.name}`}>
            {selected.map((code) => (
              <Tag key={code} value={code} shape="rounded" title={label(code)} style={{ maxWidth: "100%" }}>
                {label(code)}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput value={query} onChange={(event) => setQuery(event.target.value)} />
        </TagPickerControl>
        <TagPickerList>
          {matching.shown.map((v) => (
            <TagPickerOption key={v.code} value={v.code} text={label(v.code)}>
              {label(v.code)}
            </TagPickerOption>
          ))}
        </TagPickerList>
      </TagPicker>
    </Field>
  );
}
