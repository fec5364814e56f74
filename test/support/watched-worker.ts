/**
 * A body worker whose posts are counted and whose readiness can be awaited, so a test can make
 * sure a read went to the worker rather than being read inline while the worker started.
 */
import type { BodyWorker } from "../../src/api";

export interface WatchedWorker {
  /** Give this to workerBodyReader. */
  make(): BodyWorker;
  /** Resolves once the worker has said it is ready (and the reader has heard it). */
  ready: Promise<void>;
  /** Bodies handed to the worker. */
  readonly posts: number;
  terminate(): void;
}

export function watchedWorker(make: () => BodyWorker): WatchedWorker {
  let readyNow!: () => void;
  const ready = new Promise<void>((resolve) => (readyNow = resolve));
  let made: BodyWorker | undefined;
  let posts = 0;
  return {
    ready,
    get posts() {
      return posts;
    },
    terminate: () => made?.terminate(),
    make() {
      const worker = (made = make());
      return {
        postMessage(message, transfer) {
          posts += 1;
          worker.postMessage(message, transfer);
        },
        addEventListener: (type, listener) =>
          worker.addEventListener(type, (event) => {
            listener(event);
            if (type === "message" && (event.data as { ready?: boolean } | undefined)?.ready) readyNow();
          }),
        terminate: () => worker.terminate(),
      };
    },
  };
}
