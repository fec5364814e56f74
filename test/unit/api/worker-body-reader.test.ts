/**
 * The worker reader (worker-body-reader.ts) over a fake worker: it answers what the inline reader
 * answers; small, uncut bodies never reach a worker; a body goes to the worker only once it said
 * it was ready, transferred; and a worker that cannot be made, fails or falls silent leaves every
 * later read inline, with no read left waiting.
 */
import { parseAndCut, workerBodyReader, type BodyWorker, type ReadBody } from "../../../src/api";
import { workersFor } from "../../../src/api/http/worker-body-reader";
import { answerReadRequest, READY, type ReadRequest } from "../../../src/api/http/body-worker-protocol";
import { nodeBodyWorker } from "../../../bench/support/node-body-reader";
import { watchedWorker } from "../../support/watched-worker";

type Listener = (event: { data?: unknown }) => void;

class FakeWorker implements BodyWorker {
  readonly posted: ReadRequest[] = [];
  /** Per post: whether the body's own buffer was in the transfer list (moved, not copied). */
  readonly transferred: boolean[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();

  postMessage(message: ReadRequest, transfer: Transferable[]): void {
    this.transferred.push(transfer.includes(message.bytes));
    // As a real post does: the bytes move to the worker, and the page's buffer is left empty.
    this.posted.push(structuredClone(message, { transfer: transfer as ArrayBuffer[] }));
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(type: "message" | "error" | "messageerror", data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** Answers the n-th read it was handed, as the real worker would. */
  answer(n: number): void {
    this.emit("message", structuredClone(answerReadRequest(this.posted[n]!)));
  }
}

const CUT = ["CompanyNumber", "CompanyName"];
const SMALL = 1_000;
const body = (records: number): string =>
  JSON.stringify({
    companies: Array.from({ length: records }, (_, i) => ({
      CompanyNumber: String(i).padStart(8, "0"),
      CompanyName: `Company ${i}`,
      Description: "x".repeat(100),
    })),
    insights: { TotalCompanies: records },
  });
const LARGE = body(40);

function setup(options: { failToMake?: boolean; answerWithinMs?: number; workers?: number; startNow?: boolean } = {}) {
  const made: FakeWorker[] = [];
  const reader = workerBodyReader(
    () => {
      if (options.failToMake) throw new Error("Workers are not allowed here");
      const worker = new FakeWorker();
      made.push(worker);
      return worker;
    },
    {
      inlineBelowBytes: SMALL,
      answerWithinMs: options.answerWithinMs ?? 60_000,
      workers: options.workers,
      startNow: options.startNow,
    },
  );
  const read = (text: string, cut: readonly string[] = CUT): Promise<ReadBody> =>
    reader.read(new Response(text), cut, false);
  return { reader, made, read };
}

/** A reader that already has a ready worker. */
async function withReadyWorker() {
  const s = setup();
  await s.read(LARGE);
  s.made[0]!.emit("message", READY);
  return { ...s, worker: s.made[0]! };
}

/** What the inline reader answers. */
const inline = (text: string): ReadBody => parseAndCut(text, CUT, false);

test("a small body is read inline: no worker is made", async () => {
  const s = setup();
  const text = body(2);
  expect(text.length).toBeLessThan(SMALL);
  await expect(s.read(text)).resolves.toStrictEqual(inline(text));
  expect(s.made).toEqual([]);
});

test("a large body without a cut is read inline: a whole answer would cost the page more to receive", async () => {
  const s = setup();
  const read = s.reader.read(new Response(LARGE), undefined, false);
  await expect(read).resolves.toStrictEqual(parseAndCut(LARGE, undefined, false));
  expect(s.made).toEqual([]);
});

test("the first large body makes the worker but is read inline until the worker says it is ready", async () => {
  const s = setup();
  await expect(s.read(LARGE)).resolves.toStrictEqual(inline(LARGE));
  expect(s.made).toHaveLength(1);
  expect(s.made[0]!.posted).toEqual([]);
});

test("once ready, a large body is transferred to the worker, and its answer is the inline reader's", async () => {
  const { read, worker, made } = await withReadyWorker();
  const pending = read(LARGE);
  await new Promise((resolve) => setImmediate(resolve));
  expect(worker.posted).toHaveLength(1);
  expect(worker.posted[0]).toMatchObject({ cut: CUT, emptyIsData: false });
  expect(worker.transferred).toEqual([true]);
  expect(new TextDecoder().decode(worker.posted[0]!.bytes)).toBe(LARGE);
  worker.answer(0);
  const answer = await pending;
  expect(answer).toStrictEqual(inline(LARGE));
  expect("json" in answer && answer.cut).toEqual(new Set(CUT));
  expect(made).toHaveLength(1);
});

test("answers are matched to their reads by id, in whatever order they come", async () => {
  const { read, worker } = await withReadyWorker();
  const other = body(50);
  const [a, b] = [read(LARGE), read(other, ["CompanyName"])];
  await new Promise((resolve) => setImmediate(resolve));
  worker.answer(1);
  worker.answer(0);
  await expect(a).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
  await expect(b).resolves.toStrictEqual(parseAndCut(other, ["CompanyName"], false));
});

test("a worker that cannot be made: that read and every later one inline, and it is not tried again", async () => {
  let tries = 0;
  const reader = workerBodyReader(
    () => {
      tries += 1;
      throw new Error("SecurityError");
    },
    { inlineBelowBytes: SMALL },
  );
  for (let i = 0; i < 3; i += 1)
    await expect(reader.read(new Response(LARGE), CUT, false)).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
  expect(tries).toBe(1);
});

test.each(["error", "messageerror"] as const)(
  "a worker that fails (%s) before it is ready is never handed a body",
  async (event) => {
    const s = setup();
    await s.read(LARGE);
    s.made[0]!.emit(event);
    await expect(s.read(LARGE)).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
    expect(s.made[0]!.posted).toEqual([]);
    expect(s.made[0]!.terminated).toBe(true);
    expect(s.made).toHaveLength(1);
  },
);

test.each(["error", "messageerror"] as const)(
  "a worker that fails (%s) holding a read: that read fails at once, later reads are inline",
  async (event) => {
    const { read, worker, made } = await withReadyWorker();
    const held = read(LARGE);
    await new Promise((resolve) => setImmediate(resolve));
    worker.emit(event);
    await expect(held).rejects.toThrow(/worker/);
    await expect(read(LARGE)).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
    expect(worker.posted).toHaveLength(1);
    expect(worker.terminated).toBe(true);
    expect(made).toHaveLength(1);
  },
);

test("a worker that holds a read too long is dropped: the read fails, later reads are inline", async () => {
  const s = setup({ answerWithinMs: 20 });
  await s.read(LARGE);
  const worker = s.made[0]!;
  worker.emit("message", READY);
  await expect(s.read(LARGE)).rejects.toThrow(/did not answer in time/);
  expect(worker.terminated).toBe(true);
  await expect(s.read(LARGE)).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
  expect(worker.posted).toHaveLength(1);
});

test("a post the worker cannot take leaves the bytes here, and the read is answered inline", async () => {
  const s = setup();
  await s.read(LARGE);
  const worker = s.made[0]!;
  worker.emit("message", READY);
  worker.postMessage = () => {
    throw new DOMException("could not be cloned", "DataCloneError");
  };
  await expect(s.read(LARGE)).resolves.toStrictEqual(parseAndCut(LARGE, CUT, false));
  expect(worker.terminated).toBe(true);
});

test("started now: the workers exist before any body, so the first large one already goes to a ready worker", async () => {
  const s = setup({ startNow: true, workers: 2 });
  expect(s.made).toHaveLength(2);
  s.made[1]!.emit("message", READY);
  const pending = s.read(LARGE);
  await new Promise((resolve) => setImmediate(resolve));
  expect(s.made.map((w) => w.posted.length)).toEqual([0, 1]);
  s.made[1]!.answer(0);
  await expect(pending).resolves.toStrictEqual(inline(LARGE));
});

test("with two workers, a burst's bodies go to the one holding the fewest, side by side", async () => {
  const s = setup({ startNow: true, workers: 2 });
  for (const worker of s.made) worker.emit("message", READY);
  const reads = [s.read(LARGE), s.read(LARGE), s.read(LARGE)];
  await new Promise((resolve) => setImmediate(resolve));
  expect(s.made.map((w) => w.posted.length)).toEqual([2, 1]);
  s.made[1]!.answer(0);
  const fourth = s.read(LARGE);
  await new Promise((resolve) => setImmediate(resolve));
  // The second worker gave its answer back, so it holds none now against the first's two.
  expect(s.made.map((w) => w.posted.length)).toEqual([2, 2]);
  s.made[0]!.answer(0);
  s.made[0]!.answer(1);
  s.made[1]!.answer(1);
  for (const read of [...reads, fourth]) await expect(read).resolves.toStrictEqual(inline(LARGE));
});

test("one of two workers failing drops both: its read fails, the other's still held fails too, later reads inline", async () => {
  const s = setup({ startNow: true, workers: 2 });
  for (const worker of s.made) worker.emit("message", READY);
  const [a, b] = [s.read(LARGE), s.read(LARGE)];
  await new Promise((resolve) => setImmediate(resolve));
  s.made[0]!.emit("error");
  await expect(a).rejects.toThrow(/worker/);
  await expect(b).rejects.toThrow(/worker/);
  expect(s.made.map((w) => w.terminated)).toEqual([true, true]);
  await expect(s.read(LARGE)).resolves.toStrictEqual(inline(LARGE));
  expect(s.made.map((w) => w.posted.length)).toEqual([1, 1]);
});

test.each([
  [undefined, 2],
  [1, 1],
  [2, 2],
  [4, 3],
  [16, 4],
])("on %p cores, %p workers read", (cores, workers) => {
  expect(workersFor(cores)).toBe(workers);
});

test("what is not data is told the same from the worker: a cut-off answer is truncated", async () => {
  const { read, worker } = await withReadyWorker();
  const pending = read(LARGE.slice(0, -30));
  await new Promise((resolve) => setImmediate(resolve));
  worker.answer(0);
  await expect(pending).resolves.toEqual({ unreadable: "truncated" });
});

test("a real worker thread (the benchmarks' reader) reads a large cut body as the inline reader does", async () => {
  const watched = watchedWorker(nodeBodyWorker);
  const reader = workerBodyReader(() => watched.make(), { inlineBelowBytes: SMALL });
  try {
    await reader.read(new Response(LARGE), CUT, false);
    await watched.ready;
    const other = body(60);
    await expect(reader.read(new Response(other), CUT, false)).resolves.toStrictEqual(parseAndCut(other, CUT, false));
    expect(watched.posts).toBe(1);
  } finally {
    watched.terminate();
  }
});
