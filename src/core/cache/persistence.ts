/**
 * Saves the memory tier into the workbook store a little after it changes (never on every
 * value: a recalculation changes thousands), and loads it when the workbook opens.
 */
import type { Clock } from "@ukco/api/http/types";
import { QuietTimer } from "../quiet-timer";
import { parseStore, serialiseStoreInSlices, type WorkbookStore } from "./snapshot";
import type { WorkbookCache } from "./workbook-cache";

export interface PersistenceOptions {
  /** Quiet time after the last change before saving. */
  debounceMs: number;
  /** Save at the latest this long after the first unsaved change. */
  maxDelayMs: number;
  /** Told when loading or saving fails, for the pane to show. */
  onProblem?: (message: string) => void;
}

/** Longest the save holds the runtime at a stretch: well under a frame's worth of a busy recalculation. */
const SAVE_SLICE_MS = 8;

export const DEFAULT_PERSISTENCE: PersistenceOptions = { debounceMs: 2000, maxDelayMs: 15_000 };

export class CachePersistence {
  private readonly timer: QuietTimer;
  private saving: Promise<void> = Promise.resolve();
  private stopListening: () => void = () => undefined;

  constructor(
    private readonly cache: WorkbookCache,
    private readonly store: WorkbookStore,
    private readonly clock: Clock,
    private readonly options: PersistenceOptions = DEFAULT_PERSISTENCE,
  ) {
    this.timer = new QuietTimer(clock, options.debounceMs, options.maxDelayMs, () => void this.saveNow());
  }

  /** Loads the stored snapshot into the cache, then saves after changes. Never throws. */
  async start(): Promise<void> {
    try {
      const text = await this.store.load();
      if (text !== undefined) {
        const parsed = parseStore(text, this.cache.shapes);
        if (parsed.ok) this.cache.load(parsed.contents);
        else this.options.onProblem?.(parsed.problem);
      }
    } catch (error) {
      this.options.onProblem?.(`Could not read the workbook's stored company data: ${(error as Error).message}`);
    }
    this.stopListening = this.cache.onChange(() => this.markDirty());
  }

  stop(): void {
    this.stopListening();
    this.timer.cancel();
  }

  private markDirty(): void {
    this.timer.nudge();
  }

  /** Saves now (after any save in progress); the pane's Clear and tests call it directly. */
  saveNow(): Promise<void> {
    this.timer.cancel();
    this.saving = this.saving.then(async () => {
      try {
        const text = await serialiseStoreInSlices(this.cache.toSource(this.clock.now()), {
          now: () => this.clock.now(),
          pause: () => this.clock.sleep(0),
          sliceMs: SAVE_SLICE_MS,
        });
        await this.store.save(text);
      } catch (error) {
        this.options.onProblem?.(`Could not save company data into the workbook: ${(error as Error).message}`);
      }
    });
    return this.saving;
  }
}
