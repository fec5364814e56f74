import type { PlatformProfileName } from "../office/profiles";
import type { SimulatedSignOn } from "../office/sign-on";

/**
 * How a page configures the simulated host before it starts: `window.__officeSimConfig` (a test
 * sets it with Playwright's addInitScript, which the page's CSP does not block) and/or a URL query
 * parameter `officeSim` holding the same object as JSON, e.g. ?officeSim={"pane":"hidden"}.
 */
export interface OfficeSimConfig {
  /** Whether the task pane starts shown (default) or hidden, as after Office.addin.hide(). */
  pane?: "shown" | "hidden";
  /** false leaves the page as it is: no simulated Excel window around it. */
  ui?: boolean;
  /** "minimised": the window is there but its grid is not drawn, as Excel minimised (benchmarks of the add-in's own time). */
  grid?: "drawn" | "minimised";
  /** The functions' namespace; default: the manifest's, else UKCO. */
  namespace?: string;
  /**
   * The Excel build simulated (office/profiles.ts): "web" (default), "windows", "mac", "office-2021",
   * "office-2024", or "oldest" (each set at the minimum ./manifest.xml requires).
   */
  profile?: PlatformProfileName;
  /** Requirement sets to report beside the profile's (null removes one), e.g. { ExcelApi: "1.11" }. */
  requirementSets?: Record<string, string | null>;
  emptyCellArgument?: null | 0;
  settleDelayMs?: number;
  payloadLimitBytes?: number;
  syncLatencyMs?: number;
  theme?: "light" | "dark";
  functionsUrl?: string;
  manifestUrl?: string;
  /** The single sign-on the host offers: nested app authentication (brokered, or the web's) and/or getAccessToken, with the tokens to give. */
  signOn?: SimulatedSignOn;
}

export function readConfig(): OfficeSimConfig {
  const fromWindow = (window as unknown as { __officeSimConfig?: OfficeSimConfig }).__officeSimConfig ?? {};
  const raw = new URLSearchParams(location.search).get("officeSim");
  let fromUrl: OfficeSimConfig = {};
  if (raw) {
    try {
      fromUrl = JSON.parse(raw) as OfficeSimConfig;
    } catch {
      console.error(`office-sim: the officeSim query parameter is not JSON: ${raw}`);
    }
  }
  return { ...fromWindow, ...fromUrl };
}
