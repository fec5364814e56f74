/** The sentences Match names shows about its queue. */
import type { QueueSummary } from "../../../core/match-names/queue";

const n = (value: number) => value.toLocaleString("en-GB");

/** "480 rows matched automatically; 3 reviewed (2 accepted, 1 rejected); 17 left to review." */
export function queueSummary(s: QueueSummary): string {
  const parts = [
    `${n(s.automatic)} row${s.automatic === 1 ? "" : "s"} matched automatically`,
    `${n(s.accepted + s.rejected)} reviewed (${n(s.accepted)} accepted, ${n(s.rejected)} rejected)`,
    `${n(s.left)} left to review`,
  ];
  if (s.unmatched) parts.push(`${n(s.unmatched)} not matched`);
  return `${parts.join("; ")}.`;
}
