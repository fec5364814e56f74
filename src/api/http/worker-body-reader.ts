/**
 * Reads large cut answers in workers, so the thread that runs the custom functions and the pane
 * neither parses megabytes of JSON nor holds the whole records it would drop. The rule:
 *   - only a read with a cut goes to a worker: a whole answer would come back as a structured
 *     clone of every record, which costs the page more than parsing it (measured: ~120 ms against
 *     ~70 ms for a page of 1,000 records), while a cut one costs about a millisecond;
 *   - a body under `inlineBelowBytes` (by its bytes as received: a `content-length` counts the
 *     compressed bytes, and a page cannot see whether the answer was compressed) is read inline;
 *   - `workers` workers (a burst's pages arrive together, and one worker reading them in turn
 *     would keep the page waiting while other cores idle), made on the first large body, or at
 *     once when `startNow` (a page that will read large answers: its first recalculation's
 *     answers then already go to ready workers); a body goes to the ready worker holding the
 *     fewest; until one says it is ready, reads stay inline, so a worker whose script never loads
 *     is never handed a body;
 *   - with `sends`, a cut request is not fetched here at all: a ready worker sends it with its
 *     own fetch and answers with its status, headers and body read (`send`), so this thread never
 *     receives megabytes it would only hand over. Only where the clients' fetch is the platform's
 *     (the page), as the worker's fetch is; an abort reaches the worker's fetch too;
 *   - a worker that cannot be made, fails (`error`, `messageerror`) or does not answer within
 *     `answerWithinMs` (beyond a send's own time-out) drops them all, and every later read is
 *     inline. A read or send one was holding fails as a network failure would, which the transport
 *     resends.
 * Apart from speed, and that one read resent, what a read answers never depends on where it ran.
 */
import {
  inlineBodyReader,
  readBytes,
  type BodyReader,
  type ReadBody,
  type SendSpec,
  type SentAnswer,
} from "./body-reader";
import {
  fromClone,
  type ClonedAnswer,
  type ReadRequest,
  type SendRequest,
  type WorkerReply,
  type WorkerRequest,
} from "./body-worker-protocol";

/** A Web Worker as the reader uses it (Node's worker_threads are adapted to it in bench/support). */
export interface BodyWorker {
  postMessage(message: WorkerRequest, transfer: Transferable[]): void;
  addEventListener(type: "message" | "error" | "messageerror", listener: (event: { data?: unknown }) => void): void;
  terminate(): void;
}

export interface WorkerBodyReaderOptions {
  /** Smaller bodies are read inline: a round trip to the worker is not worth it. */
  inlineBelowBytes?: number;
  /** A worker that holds a read longer than this is taken as stuck. */
  answerWithinMs?: number;
  /** Makes the workers now rather than on the first large body. */
  startNow?: boolean;
  /** How many workers read side by side; 1 by default. */
  workers?: number;
  /** Workers send cut requests themselves (`send`): only where the clients' fetch is the platform's. */
  sends?: boolean;
}

export const INLINE_BELOW_BYTES = 256 * 1024;
const ANSWER_WITHIN_MS = 30_000;

/**
 * Workers for a machine with `cores` logical cores: one fewer than the cores, as the page keeps one
 * busy, but at least two where there are two cores (the page mostly waits while a burst's pages
 * are read), at most four; one on a single core, where more would only take turns.
 */
export function workersFor(cores: number | undefined): number {
  const known = cores ?? 2;
  return known <= 1 ? 1 : Math.min(4, Math.max(2, known - 1));
}

interface Waiting {
  resolve(reply: Extract<WorkerReply, { id: number }>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  reader: Reader;
}

/** One worker of the pool. */
interface Reader {
  worker: BodyWorker;
  ready: boolean;
  /** Reads and sends it holds (a send is held from its post to its answer, network time included). */
  holding: number;
}

/** Read on this thread, as the inline reader reads. */
const readHere = (bytes: ArrayBuffer, cut: readonly string[] | undefined, emptyIsData: boolean): ReadBody =>
  readBytes(new Uint8Array(bytes), cut, emptyIsData);

export function workerBodyReader(createWorker: () => BodyWorker, options: WorkerBodyReaderOptions = {}): BodyReader {
  const inlineBelowBytes = options.inlineBelowBytes ?? INLINE_BELOW_BYTES;
  const answerWithinMs = options.answerWithinMs ?? ANSWER_WITHIN_MS;
  const count = Math.max(1, Math.floor(options.workers ?? 1));
  let state: "unmade" | "started" | "dropped" = "unmade";
  let readers: Reader[] = [];
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  function drop(reason: string): void {
    if (state === "dropped") return;
    state = "dropped";
    const stopping = readers;
    readers = [];
    for (const { worker } of stopping) {
      try {
        worker.terminate();
      } catch {
        // Already gone.
      }
    }
    for (const read of waiting.values()) {
      clearTimeout(read.timer);
      read.reject(new Error(reason));
    }
    waiting.clear();
  }

  function onReply(reader: Reader, reply: WorkerReply | undefined): void {
    if (reply === undefined || typeof reply !== "object") return;
    if ("ready" in reply) {
      reader.ready = true;
      return;
    }
    const read = waiting.get(reply.id);
    if (!read) return;
    waiting.delete(reply.id);
    clearTimeout(read.timer);
    read.reader.holding -= 1;
    read.resolve(reply);
  }

  /** Hands `request` to a worker under a new id; `reply` resolves with its answer. */
  function post(
    to: Reader,
    request: Omit<ReadRequest, "id"> | Omit<SendRequest, "id">,
    transfer: ArrayBuffer[],
    holdMs: number,
  ) {
    const id = nextId++;
    const reply = new Promise<Extract<WorkerReply, { id: number }>>((resolve, reject) => {
      // Kept referenced while it waits: in Node the worker is unref'd, and this keeps the read alive.
      const timer = setTimeout(() => drop("The worker reading the answer did not answer in time."), holdMs);
      waiting.set(id, { resolve, reject, timer, reader: to });
      to.holding += 1;
      try {
        to.worker.postMessage({ ...request, id }, transfer);
      } catch (error) {
        waiting.delete(id);
        clearTimeout(timer);
        drop("The request could not be handed to the worker.");
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return { id, reply };
  }

  function start(): void {
    if (state !== "unmade") return;
    state = "started";
    try {
      for (let i = 0; i < count; i++) {
        const reader: Reader = { worker: createWorker(), ready: false, holding: 0 };
        readers.push(reader);
        reader.worker.addEventListener("message", (event) => onReply(reader, event.data as WorkerReply | undefined));
        reader.worker.addEventListener("error", () => drop("The worker reading the answer failed."));
        reader.worker.addEventListener("messageerror", () => drop("The worker's answer could not be received."));
      }
    } catch {
      // No workers here (a host without Web Workers, a page that forbids them): read inline.
      drop("No worker could be made.");
    }
  }

  /** The ready worker holding the fewest reads and sends, if any is ready. */
  function leastBusy(): Reader | undefined {
    let best: Reader | undefined;
    for (const reader of readers) if (reader.ready && (!best || reader.holding < best.holding)) best = reader;
    return best;
  }

  async function ask(to: Reader, bytes: ArrayBuffer, cut: readonly string[], emptyIsData: boolean): Promise<ReadBody> {
    let reply: Extract<WorkerReply, { id: number }>;
    try {
      reply = await post(to, { bytes, cut, emptyIsData }, [bytes], answerWithinMs).reply;
    } catch (error) {
      // A failed post transfers nothing, so the bytes are still here to read.
      if (bytes.byteLength > 0) return readHere(bytes, cut, emptyIsData);
      throw error;
    }
    if (!("read" in reply)) throw new Error("The worker answered a read with something else.");
    return fromClone(reply.read);
  }

  /** A send's answer as the page would have it; a send the worker could not make fails as a fetch would. */
  function answered(reply: Extract<WorkerReply, { id: number }>): SentAnswer {
    if ("failed" in reply) throw new Error(reply.failed);
    if (!("answered" in reply)) throw new Error("The worker answered a send with something else.");
    const { read, ...rest }: ClonedAnswer = reply.answered;
    return read === undefined ? rest : { ...rest, read: fromClone(read) };
  }

  function send(request: SendSpec): Promise<SentAnswer> | undefined {
    if (!options.sends || state === "dropped") return undefined;
    start();
    const to = leastBusy();
    if (!to || request.signal.aborted) return undefined;
    const { url, method, headers, body, cut, emptyIsData, timeoutMs, signal } = request;
    const { id, reply } = post(
      to,
      { send: { url, method, headers, body }, cut, emptyIsData },
      [],
      timeoutMs + answerWithinMs,
    );
    // The worker stops its fetch; its reply (a failure) still comes, and frees its place.
    const onAbort = () => {
      try {
        to.worker.postMessage({ abort: id }, []);
      } catch {
        // The worker is gone, and its fetch with it.
      }
    };
    signal.addEventListener("abort", onAbort, { once: true });
    return reply.then(answered).finally(() => signal.removeEventListener("abort", onAbort));
  }

  if (options.startNow) start();
  return {
    send,
    async read(response, cut, emptyIsData) {
      if (cut === undefined || state === "dropped") return inlineBodyReader.read(response, cut, emptyIsData);
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength < inlineBelowBytes) return readHere(bytes, cut, emptyIsData);
      start();
      const to = leastBusy();
      if (!to) return readHere(bytes, cut, emptyIsData);
      return ask(to, bytes, cut, emptyIsData);
    },
  };
}
