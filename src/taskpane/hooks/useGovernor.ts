/** A service governor's queue state, live, ticking each second while something waits (for the countdown). */
import { useEffect, useState } from "react";
import type { GovernorSnapshot } from "@ukco/api/http/governor";
import type { ServiceName } from "@ukco/api/credentials";
import { useRuntime } from "../runtime-context";

export function useGovernor(service: ServiceName): GovernorSnapshot {
  const governor = useRuntime().clients.governors[service];
  const [snapshot, setSnapshot] = useState(() => governor.snapshot());
  useEffect(() => {
    setSnapshot(governor.snapshot());
    const unsubscribe = governor.subscribe(setSnapshot);
    const tick = setInterval(() => {
      const next = governor.snapshot();
      if (next.queued > 0 || next.pausedUntil > 0) setSnapshot(next);
    }, 1_000);
    return () => {
      unsubscribe();
      clearInterval(tick);
    };
  }, [governor]);
  return snapshot;
}
