/** The field search box: the words typed and the fields they find, those read through a list apart. */
import { useMemo, useState } from "react";
import { searchFields } from "@ukco/core/field-search";

/** INFERRED (ours): enough to show every field of one object and stay quick to scan in a narrow pane. */
const SHOWN = 40;

export function useFieldSearch() {
  const [query, setQuery] = useState("");
  const found = useMemo(() => searchFields(query, SHOWN), [query]);
  const main = useMemo(() => found.filter((entry) => !entry.inList), [found]);
  const more = useMemo(() => found.filter((entry) => entry.inList), [found]);
  return { query, setQuery, main, more };
}
