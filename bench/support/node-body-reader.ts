/**
 * The page's worker reader (api/http/worker-body-reader.ts) on Node, so a benchmark's clients read
 * answers where the page reads them. Node's worker_threads Worker is an EventEmitter; it is
 * adapted to the few members the reader uses, and an `exit` the reader did not ask for is a
 * failure like a Web Worker's `error`. The thread is unref'd: it never keeps a process alive (a
 * read the worker holds is kept alive by the reader's own time-out).
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { BodyReader } from "../../src/api/http/body-reader";
import {
  workerBodyReader,
  workersFor,
  type BodyWorker,
  type WorkerBodyReaderOptions,
} from "../../src/api/http/worker-body-reader";

// tsx's require hook, not `execArgv: ["--import", "tsx"]`: on Node 20 a worker's entry is loaded
// before hooks registered by --import apply to it, so a .ts entry fails with an unknown extension.
const BOOT = `require(${JSON.stringify(require.resolve("tsx/cjs"))}); require(${JSON.stringify(path.join(__dirname, "body-worker.ts"))});`;

export function nodeBodyWorker(): BodyWorker {
  const thread = new Worker(BOOT, { eval: true });
  let stopping = false;
  const listen = (event: string, listener: (data?: unknown) => void): void => {
    thread.on(event, listener);
    // A listener refs the thread again (Node re-refs its port on "message"), so unref after each.
    thread.unref();
  };
  return {
    postMessage: (message, transfer) => thread.postMessage(message, transfer as ArrayBuffer[]),
    addEventListener(type, listener) {
      if (type === "message") listen(type, (data) => listener({ data }));
      else listen(type, () => listener({}));
      if (type === "error") listen("exit", () => stopping || listener({}));
    },
    terminate() {
      stopping = true;
      void thread.terminate();
    },
  };
}

export function nodeWorkerBodyReader(options?: WorkerBodyReaderOptions): BodyReader {
  return workerBodyReader(nodeBodyWorker, options);
}

let pageReader: BodyReader | undefined;

/**
 * The process's one reader, as a page has one: its workers made at once and shared by every client
 * the process signs in, so no measured round pays for a thread starting; they send cut requests
 * themselves with Node's fetch, as the page's send with the browser's.
 */
export function pageBodyReader(): BodyReader {
  pageReader ??= nodeWorkerBodyReader({ startNow: true, workers: workersFor(availableParallelism()), sends: true });
  return pageReader;
}
