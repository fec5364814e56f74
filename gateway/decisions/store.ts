/**
 * Where a team's decisions are kept: one interface, two homes. In Redis when the gateway has one
 * (every replica reads and writes the same, and a Sentinel failover keeps them: redis-store.ts);
 * otherwise in a file written atomically, as the keys are (file-store.ts). A decision is never
 * written anywhere else for a while and reconciled later: a store that cannot be reached says so
 * (DecisionsUnavailable), and a write is refused rather than kept where the team cannot see it.
 */
import type { StoredDecision } from "./model";

export interface DecisionStore {
  /** The newest decision of each key of `team`, in the order asked (undefined where there is none). */
  latest(team: string, keys: readonly string[]): Promise<Array<StoredDecision | undefined>>;
  /** Every decision of one key, oldest first. */
  history(team: string, key: string): Promise<StoredDecision[]>;
  /** Adds decisions, in order: each is the newest of its key from then on; earlier ones stay in its history. */
  record(decisions: readonly StoredDecision[]): Promise<void>;
  /** The newest decision of every key of `team` (administration). */
  list(team: string): Promise<StoredDecision[]>;
  /** The teams that have decisions (administration). */
  teams(): Promise<string[]>;
  /** Removes a key's decision and its history; how many decisions went. */
  remove(team: string, key: string): Promise<number>;
}

/** The store cannot be reached now (Redis down or failing over, the file unreadable). */
export class DecisionsUnavailable extends Error {
  override readonly name = "DecisionsUnavailable";
}
