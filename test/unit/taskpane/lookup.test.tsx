/** The pane's one lookup: only the latest question's answer is shown, the ones before are aborted, failures reach the message bar. */
import { renderToStaticMarkup } from "react-dom/server";
import { HttpError } from "../../../src/api/http/errors";
import { LookupStatus } from "../../../src/taskpane/components/LookupStatus";
import { Lookup, type LookupState } from "../../../src/taskpane/hooks/useLookup";

/** A service call the test answers by hand, in any order. */
function manualService() {
  const calls: { query: string; signal: AbortSignal; answer(value: string): void; fail(error: unknown): void }[] = [];
  const ask = (query: string, signal: AbortSignal) =>
    new Promise<string>((answer, fail) => calls.push({ query, signal, answer, fail }));
  return { calls, ask };
}

const call = <T,>(calls: T[], index: number): T => {
  const found = calls[index];
  if (!found) throw new Error(`The service was asked ${calls.length} times, not ${index + 1}.`);
  return found;
};

test("asking again aborts the question before, and its late answer never replaces the newer one", async () => {
  const service = manualService();
  const lookup = new Lookup(service.ask);
  const first = lookup.run("0123");
  const second = lookup.run("0124");
  expect(call(service.calls, 0).signal.aborted).toBe(true);
  expect(call(service.calls, 1).signal.aborted).toBe(false);

  call(service.calls, 1).answer("companies from 0124");
  await second;
  call(service.calls, 0).answer("companies from 0123");
  await first;
  expect(lookup.state).toEqual({ status: "done", query: "0124", result: "companies from 0124" });
});

test("a failure of a question no longer asked is dropped; the current one's failure is kept as thrown", async () => {
  const service = manualService();
  const lookup = new Lookup(service.ask);
  const first = lookup.run("a");
  const second = lookup.run("b");
  call(service.calls, 0).fail(new Error("aborted"));
  await first;
  expect(lookup.state).toEqual({ status: "loading", query: "b" });

  const refused = new Error("refused");
  call(service.calls, 1).fail(refused);
  await second;
  expect(lookup.state).toEqual({ status: "failed", query: "b", error: refused });
});

test("reset aborts the question in flight and its answer is dropped", async () => {
  const service = manualService();
  const lookup = new Lookup(service.ask);
  const seen: string[] = [];
  lookup.subscribe(() => seen.push(lookup.state.status));
  const asked = lookup.run("x");
  lookup.reset();
  expect(call(service.calls, 0).signal.aborted).toBe(true);
  call(service.calls, 0).answer("too late");
  await asked;
  expect(lookup.state).toEqual({ status: "idle" });
  expect(seen).toEqual(["loading", "idle"]);
});

test("bad input thrown by the ask fails like a refused request", async () => {
  const lookup = new Lookup((typed: string) => {
    if (!/^\d+$/.test(typed)) throw new Error(`"${typed}" is not a number`);
    return typed;
  });
  await lookup.run("12a");
  expect(lookup.state).toMatchObject({ status: "failed", query: "12a", error: new Error('"12a" is not a number') });
  await lookup.run("12");
  expect(lookup.state).toEqual({ status: "done", query: "12", result: "12" });
});

test("retry asks the last question again, and a failure can become an answer", async () => {
  const service = manualService();
  const lookup = new Lookup(service.ask);
  await lookup.retry();
  expect(service.calls).toHaveLength(0);

  const first = lookup.run("0123");
  call(service.calls, 0).fail(new Error("503"));
  await first;
  expect(lookup.state.status).toBe("failed");

  const again = lookup.retry();
  expect(call(service.calls, 1).query).toBe("0123");
  call(service.calls, 1).answer("companies from 0123");
  await again;
  expect(lookup.state).toEqual({ status: "done", query: "0123", result: "companies from 0123" });
});

test("while the next question loads, the answer shown before is still at hand; never a failure's", async () => {
  const service = manualService();
  const lookup = new Lookup(service.ask);
  const first = lookup.run("a");
  call(service.calls, 0).answer("answer to a");
  await first;

  const second = lookup.run("b");
  expect(lookup.state).toEqual({ status: "loading", query: "b", previous: "answer to a" });
  const third = lookup.run("c");
  expect(lookup.state).toEqual({ status: "loading", query: "c", previous: "answer to a" });
  // The question of "b" was aborted: its service call settles as an aborted fetch would.
  call(service.calls, 1).fail(new Error("aborted"));
  call(service.calls, 2).fail(new Error("refused"));
  await Promise.all([second, third]);

  void lookup.run("d");
  expect(lookup.state).toEqual({ status: "loading", query: "d" });
});

/** A long run the test drives by hand: it reports progress, and ends with what it did when stopped. */
function manualRun() {
  const runs: { name: string; signal: AbortSignal; report(rows: number): void; finish(): void }[] = [];
  const ask = (name: string, signal: AbortSignal, report: (rows: number) => void) =>
    new Promise<string>((resolve) => {
      let rows = 0;
      runs.push({
        name,
        signal,
        report: (n) => report((rows = n)),
        finish: () => resolve(`${rows} rows of ${name}${signal.aborted ? ", then cancelled" : ""}`),
      });
    });
  return { runs, ask };
}

test("a long run's progress shows while it is current; a run asked over never moves the one after", async () => {
  const work = manualRun();
  const lookup = new Lookup(work.ask);
  const first = lookup.run("companies");
  call(work.runs, 0).report(500);
  expect(lookup.state).toEqual({ status: "loading", query: "companies", progress: 500 });

  const second = lookup.run("groups");
  call(work.runs, 0).report(1_000);
  expect(lookup.state).toEqual({ status: "loading", query: "groups" });
  call(work.runs, 1).report(20);
  expect(lookup.state).toEqual({ status: "loading", query: "groups", progress: 20 });
  call(work.runs, 0).finish();
  call(work.runs, 1).finish();
  await Promise.all([first, second]);
  expect(lookup.state).toEqual({ status: "done", query: "groups", result: "20 rows of groups" });
});

test("cancel stops the run (its signal fires) and shows how it ended: the rows it wrote, not nothing", async () => {
  const work = manualRun();
  const lookup = new Lookup(work.ask);
  const running = lookup.run("companies");
  call(work.runs, 0).report(500);
  lookup.cancel();
  expect(call(work.runs, 0).signal.aborted).toBe(true);
  expect(lookup.state).toEqual({ status: "loading", query: "companies", progress: 500, cancelling: true });
  call(work.runs, 0).finish();
  await running;
  expect(lookup.state).toEqual({ status: "done", query: "companies", result: "500 rows of companies, then cancelled" });

  // With nothing running, cancel changes nothing.
  lookup.cancel();
  expect(lookup.state.status).toBe("done");
});

test("a question cancelled in its quiet time is never asked, and the view is idle again, not loading", async () => {
  const work = manualRun();
  const lookup = new Lookup(work.ask);
  const waiting = lookup.run("companies", { delayMs: 10 });
  lookup.cancel();
  await waiting;
  expect(work.runs).toHaveLength(0);
  expect(lookup.state).toEqual({ status: "idle" });
});

describe("with a quiet time", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("questions asked within it reach the service once, with the last query, and show as loading meanwhile", async () => {
    const service = manualService();
    const lookup = new Lookup(service.ask);
    const runs = ["R", "RT", "RTI"].map((query) => lookup.run(query, { delayMs: 600 }));
    expect(lookup.state).toEqual({ status: "loading", query: "RTI" });
    await jest.advanceTimersByTimeAsync(600);
    expect(service.calls.map((c) => c.query)).toEqual(["RTI"]);
    call(service.calls, 0).answer("12 companies");
    await Promise.all(runs);
    expect(lookup.state).toEqual({ status: "done", query: "RTI", result: "12 companies" });
  });
});

describe("the outcome on screen", () => {
  const render = (state: LookupState<string, number>) =>
    renderToStaticMarkup(
      <LookupStatus
        state={state}
        busy="Counting…"
        failedTitle="Could not count the companies"
        done={(total, query) => `${total} companies like ${query}.`}
        testId="count"
      />,
    );

  test("a busy spinner while asking, then the view's sentence, in one live region", () => {
    expect(render({ status: "loading", query: "acme" })).toContain("Counting…");
    const done = render({ status: "done", query: "acme", result: 3 });
    expect(done).toMatch(/<div role="status" aria-live="polite" data-testid="count">3 companies like acme\.<\/div>/);
    expect(done).not.toContain("error-bar");
  });

  test("a failure becomes the message bar, titled by the view and worded for the pane", () => {
    const notFound = new HttpError("product", {
      status: 404,
      method: "GET",
      url: "https://api.example/v2/classification/list-summary",
      serverMessage: "No such model.",
      origin: "service",
    });
    const html = render({ status: "failed", query: "acme", error: notFound });
    expect(html).toContain('data-testid="error-bar"');
    expect(html).toContain("Could not count the companies");
    expect(html).toContain("The product API found nothing for this");
  });
});
