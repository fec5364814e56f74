/**
 * Each service's word on its quota, kept between sessions (per service and address): a workbook
 * opened again plans its first burst on the quota the service stated last time, where without it
 * the quota would be unknown until the first answer and that burst would go in the fewest requests.
 * A kept value that does not read as a statement is ignored; a store that fails costs only this.
 */
import { z } from "zod";
import type { ServiceName } from "@ukco/api/credentials";
import type { Governor, RememberedQuota } from "@ukco/api/http/governor";
import type { Clock } from "@ukco/api/http/types";
import type { KeyValueStorage } from "./credentials";
import { QuietTimer } from "./quiet-timer";

const KEY_PREFIX = "ukco.quota.";

const count = z.number().finite().nonnegative();
const Kept = z.object({
  limit: count.min(1).optional(),
  windowMs: count.min(1),
  remaining: count.optional(),
  until: count,
});

function readKept(text: string | null): RememberedQuota | undefined {
  if (!text) return undefined;
  try {
    const kept = Kept.safeParse(JSON.parse(text));
    return kept.success ? kept.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * INFERRED (ours): a statement that tells something new of the quota itself (its limit or window,
 * as a session's first answer does) is kept at once, so a workbook closed straight after its first
 * recalculation still plans the next session's first burst on it. A burst's later answers only
 * restate the remaining count; that is kept once answers have paused this long (at the latest after
 * MAX_UNKEPT_MS), not at every answer, as the store is written on the page's thread.
 */
const KEEP_AFTER_MS = 1_000;
const MAX_UNKEPT_MS = 5_000;

/** Recalls each governor's kept statement, then keeps the newest one of each service as they come. */
export async function keepQuotas(
  governors: Readonly<Record<ServiceName, Pick<Governor, "recall" | "onStatement">>>,
  baseUrls: Readonly<Record<ServiceName, string>>,
  storage: KeyValueStorage,
  clock: Clock,
): Promise<void> {
  const unkept = new Map<string, RememberedQuota>();
  const keep = new QuietTimer(clock, KEEP_AFTER_MS, MAX_UNKEPT_MS, () => {
    for (const [key, quota] of unkept) void storage.setItem(key, JSON.stringify(quota)).catch(() => undefined);
    unkept.clear();
  });
  await Promise.all(
    (Object.keys(governors) as ServiceName[]).map(async (service) => {
      const governor = governors[service];
      const key = `${KEY_PREFIX}${service}@${baseUrls[service]}`;
      let kept = readKept(await storage.getItem(key).catch(() => null));
      if (kept) governor.recall(kept);
      governor.onStatement((quota) => {
        if (kept?.limit === quota.limit && kept?.windowMs === quota.windowMs) {
          unkept.set(key, quota);
          return keep.nudge();
        }
        kept = quota;
        unkept.delete(key);
        void storage.setItem(key, JSON.stringify(quota)).catch(() => undefined);
      });
    }),
  );
}
