/**
 * A searchable multi-select over one group of the filter catalogue (RTICs, SICs, postcode
 * areas, …). Typing narrows by code or description; long lists show the first matches only. The
 * chosen codes are listed under the box with their descriptions, each a button that removes it:
 * plain buttons rather than a tag group, whose arrow-key navigation leaves focusable sentinels
 * hidden from assistive technology (axe's aria-hidden-focus) once a tag is in it.
 */
import {
  Button,
  Field,
  TagPicker,
  TagPickerControl,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useMemo, useState } from "react";
import { codeWithName } from "@ukco/core/import/query";

const useStyles = makeStyles({
  chosen: {
    listStyle: "none",
    margin: `${tokens.spacingVerticalXS} 0 0`,
    padding: 0,
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
  },
  chip: { maxWidth: "100%", height: "auto", textAlign: "left", overflowWrap: "anywhere" },
});

/** INFERRED (ours): options listed at once; typing narrows the rest. */
const SHOWN_OPTIONS = 50;

export function CodePicker({
  group,
  selected,
  onChange,
}: {
  group: { name: string; values: readonly { code: string; description: string }[] };
  selected: readonly string[];
  onChange(codes: string[]): void;
}) {
  const styles = useStyles();
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
  const label = (code: string) => codeWithName(code, labels.get(code));

  return (
    <div>
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
      {selected.length > 0 && (
        <ul className={styles.chosen} aria-label={`Chosen ${group.name}`}>
          {selected.map((code) => (
            <li key={code}>
              <Button
                size="small"
                shape="circular"
                className={styles.chip}
                aria-label={`Remove ${label(code)}`}
                onClick={() => onChange(selected.filter((c) => c !== code))}
              >
                {`${label(code)} ✕`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
