/**
 * Installs the simulated host's globals (Office, Excel, OfficeExtension, CustomFunctions,
 * OfficeRuntime) on a global object: window in the page, globalThis in Node tests and benchmarks.
 */
import { type SimulatedExcel } from "./app/simulated-excel";
import { createExcelGlobals } from "./excel/excel-namespace";
import { guard } from "./excel/guard";
import { officeErrors } from "./excel/errors";
import { createOfficeGlobal, type TaskpaneShell } from "./office/office-namespace";
import {
  createNestedAppAuthBridge,
  createOfficeAuth,
  signOnRequirementSets,
  type SignOnRequest,
  type SimulatedSignOn,
} from "./office/sign-on";
import { createStorage, memoryBackend, type StorageBackend } from "./office/storage";

export interface InstallOptions {
  /** When Office.onReady resolves; default: at once. */
  ready?: Promise<void>;
  shell?: TaskpaneShell;
  storage?: StorageBackend;
  requirementSets?: Record<string, string | null>;
  theme?: "light" | "dark";
  /** The sign-on the host offers (nested app authentication, getAccessToken); none by default. */
  signOn?: SimulatedSignOn;
  /** The add-in's manifest, which getAccessToken reads for WebApplicationInfo (none: answered as missing). */
  readManifest?: () => Promise<string | undefined>;
}

export interface InstalledHost {
  globals: Record<"Office" | "Excel" | "OfficeExtension" | "CustomFunctions" | "OfficeRuntime", object>;
  /** Functions given to Office.actions.associate (ribbon commands), by id. */
  actions: Map<string, (event: unknown) => unknown>;
  /** Every sign-on ask the add-in made of the host, in order. */
  signOnRequests: SignOnRequest[];
  uninstall(): void;
}

/** A task pane that is only a flag (Node). */
export function flagShell(): TaskpaneShell & { visible: boolean } {
  const listeners = new Set<(visible: boolean) => void>();
  const shell = {
    visible: false,
    show: () => {
      shell.visible = true;
      listeners.forEach((l) => l(true));
    },
    hide: () => {
      shell.visible = false;
      listeners.forEach((l) => l(false));
    },
    onVisibilityChanged: (listener: (visible: boolean) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return shell;
}

export function installOfficeSim(
  target: Record<string, unknown>,
  app: SimulatedExcel,
  options: InstallOptions = {},
): InstalledHost {
  const signOnRequests: SignOnRequest[] = [];
  const record = (request: SignOnRequest) => void signOnRequests.push(request);
  const { signOn } = options;
  const { Office, actions } = createOfficeGlobal(app, {
    ready: options.ready ?? Promise.resolve(),
    shell: options.shell ?? flagShell(),
    requirementSets: { ...signOnRequirementSets(signOn), ...options.requirementSets },
    ...(options.theme ? { theme: options.theme } : {}),
    auth: createOfficeAuth(signOn ?? {}, record, options.readManifest),
  });
  const { Excel, OfficeExtension } = createExcelGlobals(app);
  const notSimulated = (member: string) => () => {
    throw officeErrors.notSimulated(member);
  };
  const OfficeRuntime = guard(
    {
      storage: guard(createStorage(options.storage ?? memoryBackend()), "OfficeRuntime.storage"),
      displayWebDialog: notSimulated("OfficeRuntime.displayWebDialog"),
    },
    "OfficeRuntime",
  );
  const CustomFunctions = guard(app.customFunctions, "CustomFunctions", /^[A-Za-z][A-Za-z0-9]*$/);
  const globals = {
    Office,
    Excel,
    OfficeExtension,
    CustomFunctions,
    OfficeRuntime,
    // MSAL.js's nestable client finds the host's broker here.
    ...(signOn?.nestedAppAuth && signOn.nestedAppAuth.broker !== "browser"
      ? { nestedAppAuthBridge: createNestedAppAuthBridge(signOn.nestedAppAuth, record) }
      : {}),
  };
  const previous = Object.fromEntries(Object.keys(globals).map((name) => [name, target[name]]));
  Object.assign(target, globals);
  return {
    globals,
    actions,
    signOnRequests,
    uninstall: () => {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete target[name];
        else target[name] = value;
      }
    },
  };
}
