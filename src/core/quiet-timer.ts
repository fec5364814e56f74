/**
 * Runs an action once nudges have stopped for `quietMs`, and at the latest `maxDelayMs` after the
 * first nudge. A recalculation nudges tens of thousands of times in one burst, so a nudge must cost
 * no timer: it only notes the time. One timer is armed per round; when it fires before the quiet
 * time is over, it is armed again for what is left.
 */
import type { Clock } from "@ukco/api/http/types";

export class QuietTimer {
  private firstNudge: number | undefined;
  private lastNudge = 0;
  private timer: AbortController | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly quietMs: number,
    private readonly maxDelayMs: number,
    private readonly action: () => void,
  ) {}

  nudge(): void {
    const now = this.clock.now();
    this.lastNudge = now;
    this.firstNudge ??= now;
    if (!this.timer) this.arm(this.quietMs);
  }

  /** Forgets the pending round without running the action. */
  cancel(): void {
    this.timer?.abort();
    this.timer = undefined;
    this.firstNudge = undefined;
  }

  /** Whether a round is pending. */
  get pending(): boolean {
    return this.firstNudge !== undefined;
  }

  private arm(ms: number): void {
    const timer = new AbortController();
    this.timer = timer;
    this.clock.sleep(Math.max(0, ms), timer.signal).then(
      () => {
        if (this.timer === timer) this.fire();
      },
      () => undefined,
    );
  }

  private fire(): void {
    this.timer = undefined;
    if (this.firstNudge === undefined) return;
    const now = this.clock.now();
    const due = Math.min(this.lastNudge + this.quietMs, this.firstNudge + this.maxDelayMs);
    if (due > now) return this.arm(due - now);
    this.firstNudge = undefined;
    this.action();
  }
}
