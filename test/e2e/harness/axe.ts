/** Runs axe-core on the page and returns the violations that matter (serious and critical by default). */
import { readFileSync } from "node:fs";
import { type Page } from "playwright-core";

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  /** What axe saw at each target: its markup and why it fails (colours, ratio), so a failure can be told apart. */
  details: string[];
}

export interface AxeOptions {
  /** CSS selectors of what to check; default the whole page. */
  include?: string[];
  exclude?: string[];
  impacts?: string[];
}

let axeSource: string | undefined;

const SETTLE_LIMIT_MS = 3_000;

/**
 * Waits until every finite CSS transition and animation in the page has ended, so that axe judges
 * the colours an analyst reads, not a frame between two states: a button that comes back from
 * disabled fades its text and background over 100 ms, and halfway it has a contrast of 1.4.
 * Endless animations (a spinner) are left alone; the wait is bounded so a page that keeps starting
 * transitions is still checked.
 */
async function settleTransitions(limitMs: number): Promise<void> {
  // A page the browser does not paint (in the background) may never run a frame: 100 ms stands in.
  const nextFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(resolve);
      setTimeout(resolve, 100);
    });
  const deadline = performance.now() + limitMs;
  for (;;) {
    // Two frames: a style change made just before is given the chance to start its transition.
    await nextFrame();
    await nextFrame();
    const running = document
      .getAnimations()
      .filter(
        (animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    const left = deadline - performance.now();
    if (running.length === 0 || left <= 0) return;
    const ended = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, left))]);
  }
}

export async function runAxe(
  page: Page,
  { include, exclude, impacts = ["serious", "critical"] }: AxeOptions = {},
): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(`${axeSource};void 0`);
  await page.evaluate(settleTransitions, SETTLE_LIMIT_MS);
  const context = { include: include?.map((s) => [s]) ?? [["html"]], exclude: exclude?.map((s) => [s]) ?? [] };
  const violations = (await page.evaluate(
    (ctx) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe
        .run(ctx, { resultTypes: ["violations"] })
        .then((r) => r.violations),
    context,
  )) as Array<{
    id: string;
    impact: string;
    help: string;
    helpUrl: string;
    nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
  }>;
  return violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.join(" ")),
      details: v.nodes.map((n) => `${n.html.slice(0, 200)}: ${n.failureSummary ?? ""}`),
    }));
}
