/**
 * The simulated Office host for the browser: served in place of office.js, it installs Office,
 * Excel, CustomFunctions and OfficeRuntime at once (the page's scripts use them as they load),
 * then, when the page has loaded, reads ./functions.json and ./manifest.xml, puts the simulated
 * Excel window around the page, and resolves Office.onReady.
 */
import { SimulatedExcel } from "../app/simulated-excel";
import { restoreSnapshot, type WorkbookSnapshot } from "../app/snapshot";
import { installOfficeSim } from "../install";
import { localStorageBackend } from "../office/storage";
import { CommandRunner } from "./commands";
import { readConfig } from "./config";
import { parseManifest, type ManifestInfo } from "./manifest";
import { createTestApi, REOPEN_KEY } from "./test-api";
import { browserShell } from "./ui/layout";
import { mountUi } from "./ui/mount";

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

function boot(): void {
  const w = window as unknown as Record<string, unknown>;
  if (w.__officeSim) return;
  const config = readConfig();
  const app = new SimulatedExcel({
    ...(config.profile ? { profile: config.profile } : {}),
    ...(config.requirementSets ? { requirementSets: config.requirementSets } : {}),
    ...(config.namespace ? { namespace: config.namespace } : {}),
    ...(config.emptyCellArgument !== undefined ? { emptyCellArgument: config.emptyCellArgument } : {}),
    ...(config.settleDelayMs !== undefined ? { settleDelayMs: config.settleDelayMs } : {}),
    ...(config.payloadLimitBytes !== undefined ? { payloadLimitBytes: config.payloadLimitBytes } : {}),
    ...(config.syncLatencyMs !== undefined ? { syncLatencyMs: config.syncLatencyMs } : {}),
  });
  const shell = browserShell(config.pane !== "hidden");
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const host = installOfficeSim(w, app, {
    ready,
    shell,
    storage: localStorageBackend(localStorage),
    ...(config.theme ? { theme: config.theme } : {}),
    ...(config.signOn ? { signOn: config.signOn } : {}),
    readManifest: () => fetchText(config.manifestUrl ?? "./manifest.xml"),
  });
  const runner = new CommandRunner(host.actions, shell);
  let manifest: ManifestInfo | undefined;
  const problems: string[] = [];
  w.__officeSim = createTestApi({
    app,
    runner,
    shell,
    ready,
    manifest: () => manifest,
    problems,
    signOnRequests: host.signOnRequests,
  });

  const start = async () => {
    const [functions, manifestXml] = await Promise.all(
      [config.functionsUrl ?? "./functions.json", config.manifestUrl ?? "./manifest.xml"].map((url) =>
        fetchText(url).catch((error: Error) => {
          problems.push(`The simulated Excel could not load ${url}: ${error.message}`);
          console.error(`office-sim: ${problems[problems.length - 1]}`);
          return undefined;
        }),
      ),
    );
    try {
      if (manifestXml) manifest = parseManifest(manifestXml);
      if (manifestXml) app.useManifest(manifestXml);
      if (manifest?.namespace && !config.namespace) app.registry.namespace = manifest.namespace;
      if (functions) app.registry.setMetadata(JSON.parse(functions));
      const saved = sessionStorage.getItem(REOPEN_KEY);
      sessionStorage.removeItem(REOPEN_KEY);
      if (saved) restoreSnapshot(app, JSON.parse(saved) as WorkbookSnapshot);
    } catch (error) {
      problems.push((error as Error).message);
      console.error("office-sim:", error);
    }
    if (config.ui !== false) mountUi(app, shell, runner, manifest, problems, config.grid !== "minimised");
    markReady();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void start());
  else void start();
}

boot();
