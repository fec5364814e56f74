/**
 * The layering of docs/ARCHITECTURE.md ("Rooms and what they may import"), as rules `npm run lint`
 * checks: no import circles (type imports count: a circle of types is still two rooms that cannot be
 * read apart), and each room imports only the rooms below it.
 *
 *   src/functions · src/commands · the pane       the add-in's surfaces, side by side
 *                                                 (the pane: src/taskpane, its shell and shared parts,
 *                                                 and src/features, one folder per view)
 *            ↓
 *   host code         the only code that touches Office: src/host, and a feature's own
 *                     src/features/<feature>/host.ts
 *            ↓
 *   src/core/analysis workbook analysis: what the UKCO formulas of a workbook read
 *            ↓
 *   src/core          host-agnostic: the engine, answers, loaders, cache, errors
 *            ↓
 *   src/api           the services' clients
 *
 * sandbox/, gateway/ and tools/office-sim are programs of their own: none imports another or src/.
 * test/fixtures/dependency-rules holds a breach of each kind, which test/unit/build checks fails.
 */
const SURFACES = "^src/(functions|commands|taskpane|features)/";
/** Code that touches Office: the host room, and each feature's host file. */
const HOST = "^src/host/|^src/features/[^/]+/host[.]ts$";
/** The pane: its shell and shared parts, and one folder per feature. */
const PANE = "^src/(taskpane|features)/";

/** A rule that `from` never imports `to`. */
const never = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: these modules cannot be read, tested or moved apart.",
      severity: "error",
      from: { pathNot: "^tools/office-sim/(excel|app)/" },
      to: { circular: true },
    },
    {
      name: "no-circular-outside-office-sim-proxies",
      comment:
        "The simulated Excel's proxies mirror Excel's own object model (a Worksheet gives Ranges, a Range its " +
        "Worksheet), so they refer to each other; any other circle through them is one too many.",
      severity: "error",
      from: { path: "^tools/office-sim/(excel|app)/" },
      to: { circular: true, viaSomeNot: "^tools/office-sim/(excel|app)/" },
    },
    never(
      "api-never-upward",
      "src/api depends on nothing above it.",
      { path: "^src/api/" },
      { path: "^src/(core|host|functions|commands|taskpane|features|worker)/" },
    ),
    never(
      "core-never-upward",
      "src/core is host-agnostic: it never imports the host or the surfaces above it.",
      { path: "^src/core/" },
      { path: "^src/(host|functions|commands|taskpane|features|worker)/" },
    ),
    never(
      "engine-knows-no-formulas",
      "Workbook analysis (src/core/analysis) sits above the engine and the rest of core: they never import it.",
      { path: "^src/core/", pathNot: "^src/core/analysis/" },
      { path: "^src/core/analysis/" },
    ),
    never(
      "host-below-the-surfaces",
      "Host code (src/host, a feature's host.ts) serves the functions, the commands and the pane; it never imports them.",
      { path: HOST },
      { path: "^src/(functions|commands|taskpane|features|worker)/", pathNot: HOST },
    ),
    never(
      "a-feature-host-serves-its-own-feature",
      "A feature's host.ts serves its own folder: src/host and the other surfaces never import it.",
      { path: "^src/", pathNot: "^src/features/" },
      { path: "^src/features/[^/]+/host[.]ts$" },
    ),
    never(
      "surfaces-side-by-side",
      "The functions, the ribbon commands and the pane share host and core, never each other's code.",
      { path: "^src/(functions|commands)/" },
      { path: SURFACES, pathNot: "^src/$1/" },
    ),
    never(
      "surfaces-side-by-side",
      "The functions, the ribbon commands and the pane share host and core, never each other's code.",
      { path: PANE },
      { path: "^src/(functions|commands)/" },
    ),
    never(
      "features-side-by-side",
      "A feature is its folder: features share the pane's shell, host and core, never each other's code.",
      { path: "^src/features/([^/]+)/" },
      { path: "^src/features/[^/]+/", pathNot: "^src/features/$1/" },
    ),
    never(
      "only-the-table-loads-a-view",
      "A view module defines its view as it loads; only src/features/views.ts loads one, so its order is the pane's.",
      { path: "^src/", pathNot: "^src/features/views[.]ts$" },
      { path: "^src/features/[^/]+/view[.]tsx$" },
    ),
    never(
      "api-values-through-core",
      "The functions, the pane and the host import api/ types only; its values come through core/api-values.ts.",
      { path: "^src/(functions|taskpane|features|host)/" },
      { path: "^src/api/", dependencyTypesNot: ["type-only"] },
    ),
    never(
      "nothing-imports-the-worker",
      "The page's worker code is named in webpack.config.js; nothing in src imports it.",
      { path: "^src/", pathNot: "^src/worker/" },
      { path: "^src/worker/" },
    ),
    never(
      "worker-reads-api-and-runtime",
      "The worker reads answers (src/api) and hands the runtime its reader (host/runtime.ts), nothing more.",
      { path: "^src/worker/" },
      { path: "^src/(core|functions|commands|taskpane|features|host)/", pathNot: "^src/host/runtime[.]ts$" },
    ),
    never(
      "add-in-is-one-program",
      "The add-in reaches the sandbox and the gateway over HTTP only, and ships no tests or tools.",
      { path: "^src/" },
      { path: "^(sandbox|gateway|tools|test|bench|scripts)/" },
    ),
    never(
      "sandbox-is-its-own-program",
      "The sandbox stands in for the services and borrows nothing of the add-in's or the gateway's.",
      { path: "^sandbox/" },
      { path: "^(src|gateway|tools)/" },
    ),
    never(
      "gateway-is-its-own-program",
      "The team gateway speaks HTTP to the add-in and to the services.",
      { path: "^gateway/" },
      { path: "^(src|sandbox|tools)/" },
    ),
    never(
      "office-sim-is-its-own-program",
      "The simulated Office host stands in for Excel; it knows nothing of the add-in it hosts.",
      { path: "^tools/office-sim/" },
      { path: "^(src|sandbox|gateway)/" },
    ),
  ],
  options: {
    // `import type` counts: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${__dirname}/tsconfig.json` },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".json"] },
  },
};
