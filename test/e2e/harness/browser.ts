/** Launches Debian's Chromium through playwright-core with a fresh profile, and always cleans it up. */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./paths";

export interface LaunchedBrowser {
  context: BrowserContext;
  /** The fresh profile's folder (Chromium's processes name it in their command lines). */
  userDataDir: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  headless?: boolean;
  viewport?: { width: number; height: number } | null;
  timeoutMs?: number;
}

export async function launchChromium({
  headless = true,
  viewport = { width: 1400, height: 900 },
  timeoutMs = 60_000,
}: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), "ukco-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless,
      args: headless ? CHROMIUM_ARGS : CHROMIUM_ARGS.filter((arg) => arg !== "--headless"),
      viewport,
      timeout: timeoutMs,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw new Error(`Chromium did not start from ${CHROMIUM_PATH}: ${(error as Error).message}`);
  }
  let closed = false;
  return {
    context,
    userDataDir,
    close: async () => {
      if (closed) return;
      closed = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise((resolve) => (timer = setTimeout(resolve, 15_000)));
      await Promise.race([context.close(), giveUp]).finally(() => clearTimeout(timer));
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
