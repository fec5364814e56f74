/**
 * Each service's traffic during the work in progress: requests sent, waiting in its governor's
 * queue, and 429s absorbed (sent again after a wait), counted from when the service last became
 * busy, so the line speaks of this piece of work rather than the whole session. Read each second.
 */
import { useEffect, useRef, useState } from "react";
import type { ServiceName } from "@ukco/api/credentials";
import type { GovernorUsage } from "@ukco/api/http/governor";
import { useRuntime } from "../runtime-context";

export interface ServiceUsage {
  service: ServiceName;
  sent: number;
  waiting: number;
  inFlight: number;
  throttledAbsorbed: number;
}

const busy = (u: GovernorUsage) => u.queued + u.inFlight > 0;

/** The services working now (or within the last `lingerMs`), with their traffic since they started. */
export function useUsage(active: boolean, lingerMs = 3_000): ServiceUsage[] {
  const { clients } = useRuntime();
  const baselines = useRef(new Map<ServiceName, { base: GovernorUsage; lastBusy: number }>());
  const [usage, setUsage] = useState<ServiceUsage[]>([]);
  useEffect(() => {
    if (!active) return;
    const read = () => {
      const now = Date.now();
      const lines: ServiceUsage[] = [];
      for (const [service, governor] of Object.entries(clients.governors) as [
        ServiceName,
        typeof clients.governors.product,
      ][]) {
        const current = governor.usage();
        let seen = baselines.current.get(service);
        if (busy(current)) {
          if (!seen || now - seen.lastBusy > lingerMs)
            seen = { base: { ...current, sent: current.sent - current.inFlight }, lastBusy: now };
          seen.lastBusy = now;
          baselines.current.set(service, seen);
        }
        if (!seen || now - seen.lastBusy > lingerMs) continue;
        lines.push({
          service,
          sent: current.sent - seen.base.sent,
          waiting: current.queued,
          inFlight: current.inFlight,
          throttledAbsorbed: current.throttledAbsorbed - seen.base.throttledAbsorbed,
        });
      }
      // Read each second and at every send: render only when a figure moved.
      setUsage((shown) => (JSON.stringify(shown) === JSON.stringify(lines) ? shown : lines));
    };
    read();
    const unsubscribe = Object.values(clients.governors).map((governor) => governor.subscribe(read));
    const tick = setInterval(read, 1_000);
    return () => {
      unsubscribe.forEach((stop) => stop());
      clearInterval(tick);
    };
  }, [clients, active, lingerMs]);
  return usage;
}
