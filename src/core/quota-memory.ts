/**
 * Each service's word on its quota, kept between sessions (per service and address): a workbook
 * opened again plans its first burst on the quota the service stated last time, where without it
 * the quota would be unknown until the first answer and that burst would go in the fewest requests.
 * A kept value that does not read as a statement is ignored; a store that fails costs only this.
 */
import { z } from "zod";
import type { ServiceName } from "../api/credentials";
import type { Governor, RememberedQuota } from "../api/http/governor";
import type { KeyValueStorage } from "./credentials";

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

/** Recalls each governor's kept statement, then keeps every new one. Returns a function that stops keeping. */
export async function keepQuotas(
  governors: Readonly<Record<ServiceName, Pick<Governor, "recall" | "onStatement">>>,
  baseUrls: Readonly<Record<ServiceName, string>>,
  storage: KeyValueStorage,
): Promise<() => void> {
  const stops = await Promise.all(
    (Object.keys(governors) as ServiceName[]).map(async (service) => {
      const governor = governors[service];
      const key = `${KEY_PREFIX}${service}@${baseUrls[service]}`;
      const kept = readKept(await storage.getItem(key).catch(() => null));
      if (kept) governor.recall(kept);
      return governor.onStatement((quota) => void storage.setItem(key, JSON.stringify(quota)).catch(() => undefined));
    }),
  );
  return () => stops.forEach((stop) => stop());
}
