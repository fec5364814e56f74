/**
 * Reads large cut answers in a worker, so the thread that runs the custom functions and the pane
 * neither parses megabytes of JSON nor holds the whole records it would drop. The rule:
 *   - only a read with a cut goes to the worker: a whole answer would come back as a structured
 *     clone of every record, which costs the page more than parsing it (measured: ~120 ms against
 *     ~70 ms for a page of 1,000 records), while a cut one costs about a millisecond;
 *   - a body under `inlineBelowBytes` (by its bytes as received: a `content-length` counts the
 *     compressed bytes, and a page cannot see whether the answer was compressed) is read inline;
 *   - one worker, made on the first large body; until it says it is ready, reads stay inline, so
 *     a worker whose script never loads is never handed a body;
 *   - a worker that cannot be made, fails (`error`, `messageerror`) or does not answer within
 *     `answerWithinMs` is dropped, and every later read is inline. A read it was holding fails as
 *     a network failure would (its bytes went to the worker), which the transport resends.
 * Apart from speed, and that one read resent, what a read answers never depends on where it ran.
 */
import { inlineBodyReader, parseAndCut, type BodyReader, type ReadBody } from "./body-reader";
import { fromClone, type ReadRequest, type WorkerReply } from "./body-worker-protocol";

/** A Web Worker as the reader uses it (Node's worker_threads are adapted to it in bench/support). */
export interface BodyWorker {
  postMessage(message: ReadRequest, transfer: Transferable[]): void;
  addEventListener(type: "message" | "error" | "messageerror", listener: (event: { data?: unknown }) => void): void;
  terminate(): void;
}

export interface WorkerBodyReaderOptions {
  /** Smaller bodies are read inline: a round trip to the worker is not worth it. */
  inlineBelowBytes?: number;
  /** A worker that holds a read longer than this is taken as stuck. */
  answerWithinMs?: number;
}

export const INLINE_BELOW_BYTES = 256 * 1024;
const ANSWER_WITHIN_MS = 30_000;

interface Waiting {
  resolve(read: ReadBody): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const decodeInline = (bytes: ArrayBuffer, cut: readonly string[] | undefined, emptyIsData: boolean): ReadBody =>
  parseAndCut(new TextDecoder().decode(bytes), cut, emptyIsData);

export function workerBodyReader(createWorker: () => BodyWorker, options: WorkerBodyReaderOptions = {}): BodyReader {
  const inlineBelowBytes = options.inlineBelowBytes ?? INLINE_BELOW_BYTES;
  const answerWithinMs = options.answerWithinMs ?? ANSWER_WITHIN_MS;
  let state: "unmade" | "starting" | "ready" | "dropped" = "unmade";
  let worker: BodyWorker | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  function drop(reason: string): void {
    if (state === "dropped") return;
    state = "dropped";
    const stopping = worker;
    worker = undefined;
    try {
      stopping?.terminate();
    } catch {
      // Already gone.
    }
    for (const read of waiting.values()) {
      clearTimeout(read.timer);
      read.reject(new Error(reason));
    }
    waiting.clear();
  }

  function onReply(reply: WorkerReply | undefined): void {
    if (reply === undefined || typeof reply !== "object") return;
    if ("ready" in reply) {
      if (state === "starting") state = "ready";
      return;
    }
    const read = waiting.get(reply.id);
    if (!read) return;
    waiting.delete(reply.id);
    clearTimeout(read.timer);
    read.resolve(fromClone(reply.read));
  }

  function start(): void {
    if (state !== "unmade") return;
    state = "starting";
    try {
      const made = createWorker();
      worker = made;
      made.addEventListener("message", (event) => onReply(event.data as WorkerReply | undefined));
      made.addEventListener("error", () => drop("The worker reading the answer failed."));
      made.addEventListener("messageerror", () => drop("The worker's answer could not be received."));
    } catch {
      // No worker here (a host without Web Workers, a page that forbids them): read inline.
      state = "dropped";
      worker = undefined;
    }
  }

  function ask(to: BodyWorker, bytes: ArrayBuffer, cut: readonly string[], emptyIsData: boolean): Promise<ReadBody> {
    return new Promise<ReadBody>((resolve, reject) => {
      const id = nextId++;
      // Kept referenced while it waits: in Node the worker is unref'd, and this keeps the read alive.
      const timer = setTimeout(() => drop("The worker reading the answer did not answer in time."), answerWithinMs);
      waiting.set(id, { resolve, reject, timer });
      try {
        to.postMessage({ id, bytes, cut, emptyIsData }, [bytes]);
      } catch {
        waiting.delete(id);
        clearTimeout(timer);
        drop("The answer could not be handed to the worker reading it.");
        // A failed post transfers nothing, so the bytes are still here to read.
        resolve(decodeInline(bytes, cut, emptyIsData));
      }
    });
  }

  return {
    async read(response, cut, emptyIsData) {
      if (cut === undefined || state === "dropped") return inlineBodyReader.read(response, cut, emptyIsData);
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength < inlineBelowBytes) return decodeInline(bytes, cut, emptyIsData);
      start();
      if (state !== "ready" || worker === undefined) return decodeInline(bytes, cut, emptyIsData);
      return ask(worker, bytes, cut, emptyIsData);
    },
  };
}
