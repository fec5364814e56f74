/**
 * Match names, end to end against the sandbox: 500 messy names (legal forms swapped, typos, case
 * and spacing, shortened trading-style names, invented names, repeats) derived from sandbox
 * companies are matched in the fewest batch jobs; the results land beside the names and the
 * postcode column; the unsure ones are queued; accept, reject and skip work from the keyboard and
 * write the right cells; and reopening the workbook (which reloads the pane) keeps the queue.
 */
import type { Locator } from "playwright-core";
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import { INVENTED_NAMES, messyName, repeatOf, sandboxCompanies } from "../../support/messy-names";
import { matchKey } from "../../../src/core/match-key";
import { MATCH_SESSION_NAMESPACE, readSessionXml } from "../../../src/core/match-names/session";
import { assertDistBuilt, useAddinSession, type AddinSession } from "../harness";
import { expectFitsAndAccessible, admin, openView, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

/** Counts the page's requests whose method and path fit, from now on. */
function requestsTo(s: AddinSession, method: string, path: RegExp): () => number {
  let count = 0;
  s.page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/** Waits until the workbook's saved review shows `decided` decisions and the entry at `position` on screen. */
async function savedReview(s: AddinSession, decided: number, position: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 15_000;) {
    const parts = await s.sim((api) => api.customXmlParts());
    const part = parts.find((p) => p.namespaceUri === MATCH_SESSION_NAMESPACE);
    const read = part ? readSessionXml(part.xml) : undefined;
    if (
      read?.ok &&
      read.session.queue.filter((e) => e.decision).length === decided &&
      read.session.position === position
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the workbook never held ${decided} review decisions with entry ${position + 1} on screen`);
}

const text = async (locator: Locator) => (await locator.innerText()).trim();

/** What `read` gives once `done` holds for it (the pane and the sheet catch up a little after a key). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  for (const started = Date.now(); ;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("matches 500 messy names in the fewest jobs, queues the unsure ones, and keeps the review across reopening", async () => {
  const s = session.current;
  const { page } = s;
  const companies = await sandboxCompanies(s.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 470);
  const names = companies.slice(0, 466).map((c, i) => messyName(c.CompanyName, i));
  names.push(...INVENTED_NAMES);
  // 30 repeats of earlier rows, differing only in case and spacing: matched once with them.
  for (let i = 0; i < 30; i++) names.push(repeatOf(names[i * 7]!));
  expect(names).toHaveLength(500);
  // Every third row has its postcode, in a column the view finds by its header.
  const postcodes = names.map((_, i) => (i % 3 === 0 && i < 466 ? (companies[i]!.RegisteredPostcode ?? "") : ""));
  await s.sim(
    (api, rows) => {
      api.setCell("Sheet1!A1", rows);
      api.select("Sheet1!A1:A501");
    },
    [["Company name", "Postcode"], ...names.map((name, i) => [name, postcodes[i]!])],
  );
  const keys = names.map((name, i) => matchKey(name, postcodes[i], ""));
  const distinct = new Set(keys).size;
  const submits = requestsTo(s, "POST", /\/api\/v1\/match\/batch$/);
  const companyLists = requestsTo(s, "POST", /\/v2\/companies$/);

  const view = await openView(page, "Match names");
  await view.getByRole("button", { name: "Use the selected cells" }).click();
  const source = view.getByTestId("match-source");
  await source.or(view.getByTestId("error-bar")).first().waitFor();
  expect(await text(source.or(view.getByTestId("error-bar")).first())).toBe(
    `500 names from Sheet1, rows 1 to 501 (${distinct} distinct, each matched once).`,
  );
  await view.getByRole("button", { name: "Match names" }).click();
  const outcome = view.getByTestId("done-bar").or(view.getByTestId("error-bar")).first();
  await outcome.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}\nThe view showed: ${await view.innerText()}`);
  });
  expect(await text(outcome)).toMatch(
    /^Matched \d+ of \d+ distinct names in 1 batch job( \(\d+ had no match\))?; wrote the results in columns C to G\./,
  );
  expect(submits()).toBe(Math.ceil(distinct / 1000));

  const header = await s.sim((api) => api.values("Sheet1!C1:G1"));
  expect(header[0]).toEqual(["Matched number", "Matched name", "Match confidence", "Company status", "Review"]);
  const cells = await s.sim((api) => api.values("Sheet1!C2:G501"));
  const confidences = cells.map((row) => String(row[2]));
  expect(new Set(confidences).size).toBeGreaterThan(1);
  for (const c of confidences) expect(["high", "medium", "low", "none"]).toContain(c);
  // A legal form swapped is the same company to the service: always found, always right.
  companies.slice(0, 466).forEach((company, i) => {
    if (i % 6 === 0) expect([cells[i]![0], confidences[i]]).toEqual([company.CompanyNumber, "high"]);
  });
  expect(confidences.slice(466, 470)).toEqual(["none", "none", "none", "none"]);

  // Queued: the distinct inputs below "medium", with every row that names them.
  const unsure = (i: number) => confidences[i] === "low" || confidences[i] === "none";
  const queued = [...new Set(keys.filter((_, i) => unsure(i)))];
  const queuedRows = confidences.filter((_, i) => unsure(i)).length;
  const summary = view.getByTestId("match-summary");
  expect(await text(summary)).toBe(
    `${500 - queuedRows} rows matched automatically; 0 reviewed (0 accepted, 0 rejected); ${queuedRows} left to review.`,
  );
  await view.getByText(`Review queue: 0 of ${queued.length} decided`).waitFor();

  const entry = view.getByTestId("review-entry");
  const rowsOf = (input: string) => keys.flatMap((key, i) => (key === keys[names.indexOf(input)] ? [i] : []));
  const shownInput = async () => {
    const shown = await text(entry.getByTestId("review-input"));
    return names.find((name) => name === shown || name.trim() === shown || name.replace(/\s+/g, " ").trim() === shown)!;
  };

  const rowCells = async (input: string) => {
    const all = await s.sim((api) => api.values("Sheet1!C2:G501"));
    return rowsOf(input).map((i) => all[i]);
  };

  // Skip (→) to the first entry with a proposal, then accept it with Enter.
  await entry.focus();
  while ((await text(entry.getByTestId("review-number"))) === "—") {
    const before = await shownInput();
    await page.keyboard.press("ArrowRight");
    expect(await until(shownInput, (v) => v !== before)).not.toBe(before);
  }
  const acceptedInput = await shownInput();
  const proposed = await text(entry.getByTestId("review-number"));
  await page.keyboard.press("Enter");
  expect(await until(shownInput, (v) => v !== acceptedInput)).not.toBe(acceptedInput);

  // Reject the next with Delete.
  const rejectedInput = await shownInput();
  await page.keyboard.press("Delete");
  expect(await until(shownInput, (v) => v !== rejectedInput)).not.toBe(rejectedInput);

  // Type another number for the next: the type-ahead lists it; pick it, then Enter takes it.
  const typedInput = await shownInput();
  const other = companies[469]!;
  await entry.getByTestId("review-typed").fill(other.CompanyNumber);
  await entry
    .getByTestId("review-alternative")
    .filter({ hasText: `(${other.CompanyNumber})` })
    .click();
  await entry.getByTestId("review-typed").press("Enter");
  expect(await until(shownInput, (v) => v !== typedInput)).not.toBe(typedInput);
  const skippedInput = await shownInput();
  const skippedCells = await rowCells(skippedInput);

  // Skip (→) leaves the entry's cells as they are and shows the next.
  await entry.focus();
  await page.keyboard.press("ArrowRight");
  expect(await until(shownInput, (v) => v !== skippedInput)).not.toBe(skippedInput);
  const nextInput = await shownInput();
  const position = Number(/Queued name (\d+) of/.exec((await entry.getAttribute("aria-label")) ?? "")?.[1]) - 1;

  // Decisions are written in the order they were made: once the last is in, so are the others.
  const typedCells = rowsOf(typedInput).map(() => [other.CompanyNumber, other.CompanyName, "accepted"]);
  const readTyped = async () => (await rowCells(typedInput)).map((r) => [r![0], r![1], r![4]]);
  expect(await until(readTyped, (v) => JSON.stringify(v) === JSON.stringify(typedCells))).toEqual(typedCells);
  const acceptedCells = rowsOf(acceptedInput).map(() => [proposed, "accepted"]);
  const readAccepted = async () => (await rowCells(acceptedInput)).map((r) => [r![0], r![4]]);
  expect(await readAccepted()).toEqual(acceptedCells);
  expect(await rowCells(skippedInput)).toEqual(skippedCells);
  // A rejected row has no number to look up, and keeps the service's confidence beside "rejected".
  expect((await rowCells(rejectedInput)).map((r) => [r![0], r![1], r![2], r![4]])).toEqual(
    rowsOf(rejectedInput).map((i) => ["", "", confidences[i], "rejected"]),
  );
  const reviewed = [acceptedInput, rejectedInput, typedInput].map((input) => rowsOf(input).length);
  const summaryAfter =
    `${500 - queuedRows} rows matched automatically; ${reviewed[0]! + reviewed[1]! + reviewed[2]!} reviewed ` +
    `(${reviewed[0]! + reviewed[2]!} accepted, ${reviewed[1]!} rejected); ` +
    `${queuedRows - reviewed[0]! - reviewed[1]! - reviewed[2]!} left to review.`;
  expect(await text(summary)).toBe(summaryAfter);
  // The register facts of every proposal came batched (the planner may cut a burst in two when the
  // governor has room), the typed number's in one request more: never a request per queued row.
  expect(companyLists()).toBeLessThanOrEqual(3);
  await s.screenshot("pane-match-names");
  expect(await s.axe({ include: ["#root"] })).toEqual([]);

  // Closing and opening the workbook reloads the pane: the queue, decisions and position are kept.
  await savedReview(s, 3, position);
  const cellsBefore = await s.sim((api) => api.values("Sheet1!C2:G501"));
  await s.reopen();
  await signInWithSandbox(page);
  const again = await openView(page, "Match names");
  await again.getByText(`Review queue: 3 of ${queued.length} decided`).waitFor({ timeout: 10_000 });
  expect(await text(again.getByTestId("match-summary"))).toBe(summaryAfter);
  expect(await text(again.getByTestId("review-entry").getByTestId("review-input"))).toBe(
    nextInput.replace(/\s+/g, " ").trim(),
  );
  expect(await s.sim((api) => api.values("Sheet1!C2:G501"))).toEqual(cellsBefore);
  await expectFitsAndAccessible(session.current);
}, 180_000);

test("a failed job is named in the message bar, and the names it did match keep their results", async () => {
  const s = session.current;
  const companies = await sandboxCompanies(s.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 40);
  await admin(s, "/faults", { batchFail: true });
  try {
    await s.sim(
      (api, rows) => {
        api.addSheet("Faulty");
        api.activate("Faulty");
        api.setCell("Faulty!A1", rows);
        api.select("Faulty!A1:A40");
      },
      companies.map((c, i) => [messyName(c.CompanyName, i * 6)]),
    );
    const view = await openView(s.page, "Match names");
    await view.getByRole("button", { name: "Use the selected cells" }).click();
    await view.getByTestId("match-source").getByText("40 names from Faulty, rows 1 to 40.").waitFor();
    await view.getByRole("button", { name: "Match names" }).click();
    const failure = view.getByTestId("error-bar");
    await failure.waitFor({ timeout: 60_000 });
    // The sandbox's failing job stops halfway: the first 20 names have their rows back.
    expect(await text(failure)).toBe(
      "A matching job failed" +
        "Matching job 1 of 1 (names 1 to 40) failed (Matching pipeline unavailable: the job stopped before finishing.); no result for 20 names. Try again.",
    );
    expect(await text(view.getByTestId("done-bar"))).toMatch(/^Matched 20 of 40 distinct names in 1 batch job; /);
    const cells = await s.sim((api) => api.values("Faulty!B1:E40"));
    expect(cells.map((row) => [row[0], row[2]])).toEqual(
      companies.map((c, i) => (i < 20 ? [c.CompanyNumber, "high"] : ["", "not matched"])),
    );
  } finally {
    await admin(s, "/faults", { batchFail: false });
  }
  await expectFitsAndAccessible(session.current);
}, 120_000);

test("written as UKCO.MATCH formulas, the results come from the run's own job: no second job, no single match", async () => {
  const s = session.current;
  const companies = await sandboxCompanies(s.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 12);
  const submits = requestsTo(s, "POST", /\/api\/v1\/match\/batch$/);
  const singles = requestsTo(s, "POST", /\/api\/v1\/match$/);
  await s.sim(
    (api, rows) => {
      api.addSheet("Formulas");
      api.activate("Formulas");
      api.setCell("Formulas!A1", rows);
      api.select("Formulas!A1:A12");
    },
    companies.map((c, i) => [messyName(c.CompanyName, i * 6)]),
  );
  const view = await openView(s.page, "Match names");
  await view.getByRole("button", { name: "Use the selected cells" }).click();
  await view.getByTestId("match-source").getByText("12 names from Formulas, rows 1 to 12.").waitFor();
  await view.getByRole("radio", { name: "UKCO.MATCH formulas" }).check();
  await view.getByRole("button", { name: "Match names" }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Matched 12 of 12 distinct names in 1 batch job; /)
    .waitFor({ timeout: 60_000 });
  await s.sim((api) => api.whenCalculated(30_000));
  expect(await s.sim((api) => api.cell("Formulas!B3").formula)).toBe('=UKCO.MATCH(A3,"","","number")');
  const cells = await s.sim((api) => api.values("Formulas!B1:E12"));
  expect(cells.map((row) => [row[0], row[1], row[2]])).toEqual(
    companies.map((c) => [c.CompanyNumber, c.CompanyName, "high"]),
  );
  expect([submits(), singles()]).toEqual([1, 0]);
  await expectFitsAndAccessible(session.current);
}, 120_000);

test("a job in progress shows processed of total from its status, and Cancel stops the wait", async () => {
  const s = session.current;
  const companies = await sandboxCompanies(s.sandbox!.urls.product!, SANDBOX_CREDENTIALS.productToken, 40);
  // Every job stops making progress halfway and stays "running".
  await admin(s, "/faults", { rateJobStuck: 1 });
  try {
    await s.sim(
      (api, rows) => {
        api.addSheet("Stuck");
        api.activate("Stuck");
        api.setCell("Stuck!A1", rows);
        api.select("Stuck!A1:A40");
      },
      companies.map((c) => [c.CompanyName]),
    );
    const view = await openView(s.page, "Match names");
    await view.getByRole("button", { name: "Use the selected cells" }).click();
    await view.getByTestId("match-source").getByText("40 names from Stuck, rows 1 to 40.").waitFor();
    await view.getByRole("button", { name: "Match names" }).click();
    const progress = view.getByTestId("match-progress");
    await progress.getByText("20 of 40 names processed; 0 of 1 job done.").waitFor({ timeout: 30_000 });
    await progress.getByRole("button", { name: "Cancel" }).click();
    await view
      .getByTestId("done-bar")
      .getByText(/^Cancelled\. Matched 0 of 40 distinct names in 1 batch job; /)
      .waitFor({ timeout: 10_000 });
    expect(await view.getByTestId("error-bar").count()).toBe(0);
    const cells = await s.sim((api) => api.values("Stuck!B1:E40"));
    expect(new Set(cells.map((row) => `${row[2]}: ${row[3]}`))).toEqual(
      new Set(["not matched: Matching job 1 of 1 (names 1 to 40) was cancelled before it finished."]),
    );
  } finally {
    await admin(s, "/faults", { rateJobStuck: 0 });
  }
  await expectFitsAndAccessible(session.current);
}, 120_000);
