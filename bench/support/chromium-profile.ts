/**
 * A profiler's tool for the functions bench: one round of the bench's sheet in Chromium, under the
 * V8 sampling profiler, for the add-in and for the fair peer, printed as self time by function.
 * Its figures are for finding where the page's time goes; the targets are bench/functions.ts's.
 *
 *   npx tsx bench/support/chromium-profile.ts [processes] [rounds]
 */
import { buildSimulatedHost, startAddinServerFor } from "../../test/e2e/harness";
import {
  activeNumbers,
  builtAddin,
  openPage,
  runSheet,
  startService,
  warmService,
  withBrowser,
  type Client,
} from "../functions";
import { fairTimerPeer } from "./fair-peer";

void fairTimerPeer; // the bench registers it by source; imported so a rename breaks this tool too

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function selfTimes(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split("/").pop() || "(native)";
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const processes = Number(process.argv[2] ?? 1);
  const rounds = Number(process.argv[3] ?? 1);
  const dist = builtAddin();
  const sim = await buildSimulatedHost();
  const service = await startService(processes);
  const origin = new URL(service.product).origin;
  const server = await startAddinServerFor(sim.file, undefined, {
    root: dist,
    configJson: () => ({
      services: {
        product: service.product,
        matching: `${origin}/matching`,
        classification: `${origin}/classification`,
        market: `${origin}/market`,
      },
    }),
  });
  try {
    const numbers = await activeNumbers(service.product);
    await warmService(service.product, numbers, processes);
    const clients: Client[] = [
      { name: "the add-in", origin: server.origin, peer: false },
      { name: "fair peer", origin: server.origin, peer: true },
    ];
    await withBrowser(async (browser) => {
      for (const client of clients) {
        const warm = await openPage(browser.context, client, service.product);
        await warm.evaluate(runSheet, { numbers, fields: ["CompanyName"] });
        await warm.close();
        const totals = new Map<string, number>();
        let last = 0;
        for (let r = 0; r < rounds; r++) {
          const page = await openPage(browser.context, client, service.product);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          await cdp.send("Profiler.start");
          const sheet = await page.evaluate(runSheet, {
            numbers,
            fields: ["CompanyName", "CompanyStatus", "BestEstimateTurnover", "IncorporationDate", "RegisteredPostcode"],
          });
          const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
          last += sheet.lastMs / rounds;
          for (const [key, ms] of selfTimes(profile)) totals.set(key, (totals.get(key) ?? 0) + ms / rounds);
          await page.close();
        }
        const sorted = [...totals].sort((a, b) => b[1] - a[1]);
        const busy = sorted.filter(([k]) => !k.startsWith("(idle)")).reduce((s, [, ms]) => s + ms, 0);
        console.log(`\n${client.name}: last cell ${Math.round(last)} ms, main thread busy ${Math.round(busy)} ms`);
        for (const [key, ms] of sorted.slice(0, 40)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
      }
    });
  } finally {
    await server.close();
    await service.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
