/** The field search box: the words typed and the fields they find, grouped as the record groups them. */
import { useMemo, useState } from "react";
import { groupEntries, searchFields } from "../../../core/field-search";

/** INFERRED (ours): enough to show every field of one object and stay quick to scan in a narrow pane. */
const SHOWN = 40;

export function useFieldSearch() {
  const [query, setQuery] = useState("");
  const groups = useMemo(() => groupEntries(searchFields(query, SHOWN)), [query]);
  return { query, setQuery, groups };
}
