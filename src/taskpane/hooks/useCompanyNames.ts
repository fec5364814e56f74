/**
 * The registered names of a set of companies, to show beside their numbers: asked together through
 * the engine (one batched request at most; none for companies it holds), kept as they come.
 */
import { useEffect, useMemo, useState } from "react";
import type { Engine } from "@ukco/core/engine";
import { companyFacts } from "@ukco/core/match-names/records";

export function useCompanyNames(engine: Engine, numbers: readonly string[]): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = useMemo(() => [...new Set(numbers)].sort().join(","), [numbers]);
  useEffect(() => {
    if (!wanted) return;
    const stop = new AbortController();
    companyFacts(engine, wanted.split(","), stop.signal).then(
      (facts) => {
        if (stop.signal.aborted) return;
        const found = [...facts.values()].flatMap((f): [string, string][] => (f.name ? [[f.number, f.name]] : []));
        setNames((had) => new Map([...had, ...found]));
      },
      // A name not had is a number shown alone; the changes themselves are what matters here.
      () => undefined,
    );
    return () => stop.abort();
  }, [engine, wanted]);
  return names;
}
