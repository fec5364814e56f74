/* Builds the one shared-runtime page (functions, pane and ribbon commands), functions.json from
 * JSDoc, the manifest for the deployment URL, and config.json beside the pages.
 *   npm run build                                  -> dist/ for https://localhost:3000/
 *   npm run build -- --env url=https://addin.example.org/   -> dist/ for that URL
 *
 * Load order: the page's scripts (runtime, shared, functions, commands and the pane's tiny entry)
 * are all Excel waits for before the functions register; the pane's code (React, Fluent UI, the
 * views) is the lazy chunk pane.<hash>.js, fetched when the pane is first shown.
 */
const fs = require("node:fs");
const path = require("node:path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { DEV_URL, productionManifest } = require("./scripts/lib/manifest.cjs");
const { functionFiles } = require("./scripts/lib/function-files.cjs");

const ENTRA_ORIGIN = "https://login.microsoftonline.com";
/** Chunks that load none of shared.js: the body-reading worker's and the sign-in pages'. */
const OWN_CHUNKS = new Set(["body-reader", "sign-in", "sign-in-relay"]);

module.exports = (env = {}, argv = {}) => {
  const production = argv.mode !== "development";
  const deploymentUrl = env.url || DEV_URL;
  const configFile = path.resolve(env.config || "config/deployment.json");
  // `--env gateway=https://gateway.example.org` (or UKCO_GATEWAY_URL): the add-in talks only to that
  // team gateway, and its config.json names nothing else (no sandbox, no service addresses).
  // Single sign-on with the user's Microsoft account: `--env ssoClientId=<app id> --env
  // ssoScope=api://<add-in host>/<app id>/access_as_user [--env ssoAuthority=https://login.microsoftonline.com/<tenant>]`.
  // Both ways need the registration: nested app authentication (MSAL.js) asks for the scope, and
  // Office's getAccessToken reads the manifest's WebApplicationInfo, written from it below.
  const gatewayUrl = env.gateway || process.env.UKCO_GATEWAY_URL;
  if (env.sso && !env.ssoClientId)
    throw new Error(
      "--env sso=1 alone is gone: single sign-on needs the app registration, --env ssoClientId=… and --env ssoScope=… (gateway/DEPLOY.md).",
    );
  if (Boolean(env.ssoClientId) !== Boolean(env.ssoScope))
    throw new Error("Single sign-on needs both --env ssoClientId=… and --env ssoScope=….");
  const nestedAppAuth = env.ssoClientId
    ? {
        clientId: env.ssoClientId,
        apiScope: env.ssoScope,
        ...(env.ssoAuthority ? { authority: env.ssoAuthority } : {}),
      }
    : undefined;
  const deploymentConfig = gatewayUrl
    ? {
        gateway: {
          url: gatewayUrl,
          singleSignOn: Boolean(nestedAppAuth),
          ...(nestedAppAuth ? { nestedAppAuth } : {}),
        },
      }
    : JSON.parse(fs.readFileSync(configFile, "utf8"));
  const signInOrigin = nestedAppAuth ? new URL(nestedAppAuth.authority ?? ENTRA_ORIGIN).origin : undefined;
  // `--env eagerPane`: only for bench/runtime-start.ts, which compares against the layout before the
  // pane was lazy (its code in taskpane.js, evaluated before the functions register). Never deploy it.
  const taskpaneEntry = env.eagerPane
    ? ["./src/taskpane/pane.tsx", "./src/taskpane/index.tsx"]
    : "./src/taskpane/index.tsx";

  return {
    mode: production ? "production" : "development",
    // Source maps only in development: the served site of a production build carries none.
    devtool: production ? false : "source-map",
    entry: {
      // The page's worker reader is set before the functions can build the runtime. It is named here, not
      // imported by src/functions, because its `import.meta` is webpack's alone: tests and benchmarks load
      // the function files in Node, where that line cannot compile. Then every function module: the files
      // that declare @customfunction, so a new function is its file and no list to keep.
      functions: ["./src/worker/page-body-reader.ts", ...functionFiles()],
      commands: "./src/commands/commands.ts",
      taskpane: taskpaneEntry,
      // The pages of MSAL's browser sign-in (Excel on the web): the one Entra answers on (msal-browser's
      // redirect bridge) and the pop-up the pane opens first (its popup relay), each with nothing else.
      "sign-in": "./src/taskpane/sign-in-redirect.ts",
      "sign-in-relay": "./src/taskpane/sign-in-relay.ts",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      // The page names its scripts, but only runtime.js names a lazy chunk: with the content in the name,
      // a runtime.js Excel still holds from an earlier deployment can never pick up a newer pane.
      chunkFilename: "[name].[contenthash:8].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".tsx", ".js"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type-checked build: a type error fails `npm run build`.
          use: { loader: "ts-loader", options: { configFile: "tsconfig.json", onlyCompileBundledFiles: true } },
        },
      ],
    },
    performance: { hints: false },
    // Code used by more than one entry or by the pane's chunk (core, api, zod) goes once into shared.js. The
    // three entries and the lazy pane run in one page, so they need one webpack runtime (runtime.js): with one
    // each, every entry would instantiate the shared modules again, and the functions, the ribbon and the pane
    // would each get their own engine, cache and governors instead of sharing them.
    optimization: {
      runtimeChunk: "single",
      splitChunks: {
        cacheGroups: {
          default: false,
          defaultVendors: false,
          shared: {
            name: "shared",
            // Not the body-reading worker's chunk (named where src/worker/page-body-reader.ts makes the
            // worker): a worker has no share in the page's runtime, and would otherwise load all of
            // shared.js (about 250 KB) for the few KB it runs. Nor the sign-in pages', which share MSAL's
            // code with the lazy msal chunk: that would put MSAL in the page's start-up.
            chunks: (chunk) => !OWN_CHUNKS.has(chunk.name),
            minChunks: 2,
            enforce: true,
            // shared.js is evaluated before the functions register: a module that only lazy chunks share
            // (React, were the pane ever split in two) stays with them instead of being pulled forward.
            test: (module, { chunkGraph }) =>
              Array.from(chunkGraph.getModuleChunksIterable(module)).some((chunk) => chunk.canBeInitial()),
          },
        },
      },
    },
    plugins: [
      // Fails the build on bad JSDoc; appends CustomFunctions.associate calls to each file.
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: functionFiles() }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["functions", "commands", "taskpane"],
        chunksSortMode: "manual",
        // MSAL's silent sign-in in Excel on the web runs in a hidden frame of the directory's sign-in page:
        // login.microsoftonline.com is in the page's policy; an authority elsewhere (a national cloud) is added.
        templateParameters: { signInFrames: signInOrigin && signInOrigin !== ENTRA_ORIGIN ? ` ${signInOrigin}` : "" },
      }),
      new HtmlWebpackPlugin({ filename: "sign-in.html", template: "./src/taskpane/sign-in.html", chunks: ["sign-in"] }),
      new HtmlWebpackPlugin({
        filename: "sign-in-relay.html",
        template: "./src/taskpane/sign-in-relay.html",
        chunks: ["sign-in-relay"],
        templateParameters: { authorities: [...new Set([ENTRA_ORIGIN, signInOrigin ?? ENTRA_ORIGIN])].join(" ") },
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/icon-*.png", to: "assets/[name][ext]" },
          { from: "src/help.html", to: "help.html" },
          { from: configFile, to: "config.json", transform: () => JSON.stringify(deploymentConfig, null, 2) },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => productionManifest(content.toString(), deploymentUrl, deploymentConfig),
          },
        ],
      }),
    ],
  };
};
