/**
 * Import benchmark: a 50,000-row import through the built pane, in headless Chromium on the
 * simulated host, against an in-process sandbox. Prints the product requests the page sent, wall
 * time, rows a second, the page's peak JS heap (CDP Performance.getMetrics, sampled), and the
 * number and size of Excel writes (the simulated host's own counters of each context.sync).
 * Needs a build (`npx webpack --mode production`). Run with `npx tsx bench/import.ts`.
 */
import { openAddinSession } from "../test/e2e/harness/session";

/** At seed 42 about 94 % of companies are active: this many give a little over 50,000 active ones. */
const COMPANIES = 53_500;
const STATUS = "Active";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const session = await openAddinSession({
    sandbox: { companies: COMPANIES, seed: 42, rateLimits: { product: null } },
    timeoutMs: 60_000,
  });
  const { page } = session;
  try {
    const root = page.locator("#root");
    await root.getByRole("button", { name: /Sign in and settings/ }).click();
    await root.getByRole("button", { name: "Use the sandbox credentials" }).click();
    await root.getByText("Signed in to all four sandbox services.").waitFor({ timeout: 30_000 });
    await root.getByRole("button", { name: "Views" }).click();
    await page.getByRole("menuitemradio", { name: "Import companies" }).click();
    const view = root.getByTestId("view-import");
    await view.getByRole("combobox", { name: "Company status" }).click();
    await page.getByRole("option", { name: new RegExp(`^${STATUS}$`) }).click();
    await page.keyboard.press("Escape");
    await view.getByTestId("match-count").getByText("Counting matches…").waitFor();
    const countText = await view
      .getByTestId("match-count")
      .getByText(/companies match/)
      .innerText({ timeout: 60_000 });
    const total = Number(countText.replace(/[^\d]/g, ""));

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const heap = async () => {
      const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
      return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
    };
    const heapBefore = await heap();
    let peakHeap = heapBefore;
    const sampler = setInterval(
      () =>
        void heap().then(
          (v) => (peakHeap = Math.max(peakHeap, v)),
          () => undefined,
        ),
      250,
    );
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/sandbox/product/api/v2/companies")) requests += 1;
    });
    await session.sim((api) => api.resetSyncStats());

    const started = performance.now();
    await view.getByRole("button", { name: /^Import .* companies to a new sheet$/ }).click();
    const done = await view
      .getByTestId("done-bar")
      .getByText(/^Imported/)
      .innerText({ timeout: 600_000 });
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    peakHeap = Math.max(peakHeap, await heap());
    const stats = await session.sim((api) => api.syncStats());
    // syncStats() lists the last 50 round trips only; the host keeps the last 1000.
    const recent = await session.sim((api) =>
      api.excel.syncStats.recent.map((s) => ({ requestBytes: s.requestBytes, failed: s.failed })),
    );
    const tables = await session.sim((api) => api.tables());
    const rows = tables.find((t) => t.name === "UKCO_Import_1")?.rowCount ?? 0;
    const writes = recent.filter((s) => s.requestBytes > 20_000);

    console.log(
      `import benchmark: sandbox of ${COMPANIES.toLocaleString("en-GB")} companies (product rate limit off), filter CompanyStatus = ${STATUS}`,
    );
    console.log(`  pane says              ${done}`);
    console.log(
      `  rows in the table      ${rows.toLocaleString("en-GB")} (count shown before: ${total.toLocaleString("en-GB")})`,
    );
    console.log(
      `  product requests       ${requests} during the import (pages of 1,000; the count before it was one more)`,
    );
    console.log(
      `  wall time              ${(wallMs / 1000).toFixed(1)} s (${Math.round(rows / (wallMs / 1000)).toLocaleString("en-GB")} rows/s)`,
    );
    console.log(`  page JS heap           ${mb(heapBefore)} before, ${mb(peakHeap)} peak (sampled every 250 ms)`);
    console.log(`  Excel syncs            ${stats.syncs} in all, ${writes.length} of them row writes (over 20 KB)`);
    console.log(
      `  Excel request bytes    ${mb(stats.requestBytes)} in all; largest sync ${mb(stats.largestRequestBytes)} (limit 5.0 MB); failed syncs ${recent.filter((s) => s.failed).length}`,
    );
    if (writes.length) {
      const sizes = writes.map((s) => s.requestBytes).sort((a, b) => a - b);
      console.log(
        `  row-write sizes        median ${mb(sizes[Math.floor(sizes.length / 2)]!)}, smallest ${mb(sizes[0]!)}, largest ${mb(sizes[sizes.length - 1]!)}`,
      );
    }
  } finally {
    await session.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
