/**
 * The sandbox in a process of its own, for bench/gateway.ts: its CPU is not the bench's, so a
 * busy bench process cannot slow the service both sides are measured against. Started with IPC;
 * sends its origin, base URLs and credentials once listening, answers any message with the CPU
 * seconds it has used, and closes on SIGTERM.
 */
import { startSandbox } from "../../sandbox/sandbox";

async function main(): Promise<void> {
  const sandbox = await startSandbox({ companies: 20_000, seed: 42, faults: { latencyMs: 50 } });
  process.send?.({ origin: sandbox.origin, urls: sandbox.urls, credentials: sandbox.credentials });
  process.on("message", () => {
    const used = process.cpuUsage();
    process.send?.((used.user + used.system) / 1e6);
  });
  process.once("SIGTERM", () => void sandbox.close().then(() => process.exit(0)));
  // The bench going away (even killed) takes the sandbox with it.
  process.once("disconnect", () => void sandbox.close().then(() => process.exit(0)));
}

void main();
