/** Promises that resolve when the engine has nothing left to calculate, or reject after a bounded wait. */
export class IdleWaiters {
  private waiters: Array<() => void> = [];

  constructor(
    private readonly isIdle: () => boolean,
    private readonly describeBusy: () => string,
  ) {}

  wait(timeoutMs?: number): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
      this.waiters.push(waiter);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(`office-sim: still calculating after ${timeoutMs} ms: ${this.describeBusy()}`));
        }, timeoutMs);
      }
    });
  }

  check(): void {
    if (!this.waiters.length || !this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
