/** Runs axe-core on the page and returns the violations that matter (serious and critical by default). */
import { readFileSync } from "node:fs";
import { type Page } from "playwright-core";

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

export interface AxeOptions {
  /** CSS selectors of what to check; default the whole page. */
  include?: string[];
  exclude?: string[];
  impacts?: string[];
}

let axeSource: string | undefined;

export async function runAxe(
  page: Page,
  { include, exclude, impacts = ["serious", "critical"] }: AxeOptions = {},
): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(`${axeSource};void 0`);
  const context = { include: include?.map((s) => [s]) ?? [["html"]], exclude: exclude?.map((s) => [s]) ?? [] };
  const violations = (await page.evaluate(
    (ctx) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe
        .run(ctx, { resultTypes: ["violations"] })
        .then((r) => r.violations),
    context,
  )) as Array<{ id: string; impact: string; help: string; helpUrl: string; nodes: Array<{ target: string[] }> }>;
  return violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}
