/** The e2e harness: open the built add-in in headless Chromium on the simulated Office host. */
export { useAddinSession, E2E_TEST_TIMEOUT_MS } from "./jest-session";
export { openAddinSession, OTHER_READING, type AddinSession, type AddinSessionOptions } from "./session";
export { runAxe, type AxeOptions, type AxeViolation } from "./axe";
export { launchChromium, type LaunchedBrowser } from "./browser";
export { assertDistBuilt, DIST_DIR, SCREENSHOT_DIR, CHROMIUM_ARGS, CHROMIUM_PATH } from "./paths";
export {
  buildSimulatedHost,
  officeSimScriptPath,
  startAddinServerFor,
  startSandboxIfAvailable,
  type SandboxHandle,
} from "./servers";
export { scriptsBeforeRegistration, type LoadedScript, type LoadTimeline } from "./load-timeline";
