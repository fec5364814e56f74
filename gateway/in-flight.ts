/**
 * Identical calls in flight at the same moment share one upstream call (and its one parse),
 * whoever sent them. The shared call is abandoned only when every asker has gone: its signal
 * aborts then, so it leaves the quota queue and is never sent.
 */
interface Pending<T> {
  result: Promise<T>;
  askers: number;
  controller: AbortController;
}

export class InFlight<T> {
  private readonly pending = new Map<string, Pending<T>>();

  /** `merged` says whether this asker joined a call already in flight. */
  run(
    key: string,
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ): { result: Promise<T>; merged: boolean } {
    let entry = this.pending.get(key);
    const merged = Boolean(entry);
    if (!entry) {
      const controller = new AbortController();
      const created: Pending<T> = { askers: 0, controller, result: Promise.resolve(undefined as T) };
      created.result = work(controller.signal).finally(() => {
        if (this.pending.get(key) === created) this.pending.delete(key);
      });
      this.pending.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.askers += 1;
    signal?.addEventListener(
      "abort",
      () => {
        joined.askers -= 1;
        if (joined.askers === 0) {
          joined.controller.abort();
          if (this.pending.get(key) === joined) this.pending.delete(key);
        }
      },
      { once: true },
    );
    return { result: joined.result, merged };
  }
}
