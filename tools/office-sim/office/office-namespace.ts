/**
 * The Office global: onReady (promise and callback), Office.initialize, context (theme, document
 * settings, requirements, language), actions.associate for ribbon commands, addin (task pane
 * visibility, startup behaviour), and the enums add-ins compare against.
 */
import { type SimulatedExcel } from "../app/simulated-excel";
import { guard } from "../excel/guard";
import { createDocumentSettings } from "./document-settings";

/** Where the task pane lives: the browser UI shows and hides it; in Node it is a flag. */
export interface TaskpaneShell {
  show(): void;
  hide(): void;
  onVisibilityChanged(listener: (visible: boolean) => void): () => void;
}

export interface OfficeOptions {
  /** Resolves when the host is ready (the browser waits for the page and functions.json). */
  ready: Promise<void>;
  shell: TaskpaneShell;
  /** Sets to add to (or, null, remove from) the simulated Excel's own (its profile's). */
  requirementSets?: Record<string, string | null>;
  theme?: "light" | "dark";
  /** Office.auth (getAuthContext, getAccessToken); without it, reading Office.auth throws "not simulated". */
  auth?: object;
}

const THEMES = {
  light: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#000000",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#000000",
    isDarkTheme: false,
  },
  dark: {
    bodyBackgroundColor: "#1F1F1F",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#292929",
    controlForegroundColor: "#FFFFFF",
    isDarkTheme: true,
  },
};

const ENUMS = {
  HostType: {
    Word: "Word",
    Excel: "Excel",
    PowerPoint: "PowerPoint",
    Outlook: "Outlook",
    OneNote: "OneNote",
    Project: "Project",
    Access: "Access",
  },
  PlatformType: {
    PC: "PC",
    OfficeOnline: "OfficeOnline",
    Mac: "Mac",
    iOS: "iOS",
    Android: "Android",
    Universal: "Universal",
  },
  AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
  StartupBehavior: { none: "None", load: "Load" },
  VisibilityMode: { hidden: "Hidden", taskpane: "Taskpane" },
  InitializationReason: { Inserted: "inserted", DocumentOpened: "documentOpened" },
  EventType: {
    ActiveViewChanged: "activeViewChanged",
    BindingDataChanged: "bindingDataChanged",
    BindingSelectionChanged: "bindingSelectionChanged",
    DialogMessageReceived: "dialogMessageReceived",
    DialogEventReceived: "dialogEventReceived",
    DocumentSelectionChanged: "documentSelectionChanged",
    SettingsChanged: "settingsChanged",
  },
};

export function createOfficeGlobal(
  app: SimulatedExcel,
  options: OfficeOptions,
): { Office: object; actions: Map<string, (event: unknown) => unknown> } {
  const actions = new Map<string, (event: unknown) => unknown>();
  if (options.requirementSets) app.addRequirementSets(options.requirementSets);
  const host = { host: "Excel", platform: app.profile.platform } as const;
  const office: Record<string, unknown> = {
    ...ENUMS,
    initialize: undefined,
    onReady(callback?: (info: typeof host) => void) {
      const ready = options.ready.then(() => ({ ...host }));
      if (callback) void ready.then(callback);
      return ready;
    },
    context: guard(
      {
        officeTheme: THEMES[options.theme ?? "light"],
        document: guard(
          { settings: createDocumentSettings(app), url: "https://office-sim.localhost/Book1.xlsx", mode: "readWrite" },
          "Office.context.document",
        ),
        requirements: {
          isSetSupported: (name: string, minVersion?: string | number) =>
            app.requirements.isSetSupported(name, minVersion),
        },
        displayLanguage: "en-GB",
        contentLanguage: "en-GB",
        host: host.host,
        platform: host.platform,
        diagnostics: {
          host: host.host,
          platform: host.platform,
          version: `16.0.0.0 (office-sim: ${app.profile.label})`,
        },
      },
      "Office.context",
    ),
    ...(options.auth ? { auth: guard(options.auth, "Office.auth") } : {}),
    actions: guard(
      { associate: (id: string, fn: (event: unknown) => unknown) => void actions.set(id, fn) },
      "Office.actions",
    ),
    addin: guard(
      {
        showAsTaskpane: async () => options.shell.show(),
        hide: async () => options.shell.hide(),
        setStartupBehavior: async (behavior: "None" | "Load") => void (app.workbook.startupBehavior = behavior),
        getStartupBehavior: async () => app.workbook.startupBehavior,
        onVisibilityModeChanged: async (handler: (args: { visibilityMode: string }) => void) => {
          const off = options.shell.onVisibilityChanged((visible) =>
            handler({ visibilityMode: visible ? "Taskpane" : "Hidden" }),
          );
          return async () => off();
        },
      },
      "Office.addin",
    ),
  };
  // Office.js calls Office.initialize, when the add-in assigned one, once the host is ready.
  void options.ready.then(() => {
    if (typeof office.initialize === "function") (office.initialize as (reason: string) => void)("documentOpened");
  });
  return { Office: guard(office, "Office", /^[A-Za-z][A-Za-z0-9]*$/), actions };
}
