/**
 * A figure of the workbook's store, re-read every few seconds while the view is shown: the store
 * changes with every fetch of every cell, far too often to re-render on each, and ages change
 * with the clock alone.
 */
import { useEffect, useState } from "react";

/** INFERRED (ours): how often the figures are re-read while shown. */
const REFRESH_MS = 3_000;

/** `read` must keep its identity between renders (useCallback), or the timer restarts each time. */
export function usePolled<T>(read: () => T, active: boolean): T {
  const [value, setValue] = useState<T>(read);
  useEffect(() => {
    if (!active) return;
    setValue(read());
    const timer = setInterval(() => setValue(read()), REFRESH_MS);
    return () => clearInterval(timer);
  }, [read, active]);
  return value;
}
