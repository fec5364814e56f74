// npm start: build, start the sandbox, serve the add-in over HTTPS on localhost, and sideload it
// into desktop Excel where the platform allows; otherwise print how to load it.
//   npm start -- --port 3000 --sandbox-port 3001 --no-build --no-sideload --watch
//   Anything after --sandbox-args is passed to the sandbox (e.g. --seed 7 --companies 100000).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CA_CERTIFICATE_PATH, ensureDevCertificates } from "./lib/certs.cjs";
import { startSandboxProcess } from "./lib/sandbox-process.cjs";
import { startAddinServer } from "./lib/serve.cjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const split = process.argv.indexOf("--sandbox-args");
const own = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
const sandboxArgs = split === -1 ? [] : process.argv.slice(split + 1);
const { values: opts } = parseArgs({
  args: own,
  options: {
    port: { type: "string", default: "3000" },
    "sandbox-port": { type: "string", default: "3001" },
    "no-build": { type: "boolean", default: false },
    "no-sideload": { type: "boolean", default: false },
    "no-sandbox": { type: "boolean", default: false },
    watch: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (opts.help) {
  console.log(`npm start [-- options]
  --port N           HTTPS port of the add-in (default 3000; the manifest expects 3000)
  --sandbox-port N   port of the sandbox (default 3001; 0 picks a free one)
  --no-build         serve the existing dist/
  --no-sideload      do not try to open desktop Excel
  --no-sandbox       do not start the sandbox (config.json then needs real service URLs)
  --watch            rebuild on change
  --sandbox-args …   everything after this goes to the sandbox (e.g. --seed 7 --companies 200000)`);
  process.exit(0);
}

const webpack = path.join(ROOT, "node_modules/webpack-cli/bin/cli.js");

function build() {
  console.log("Building the add-in (webpack, development mode) …");
  const result = spawnSync(process.execPath, [webpack, "--mode", "development"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; fix the errors above and run npm start again.");
    process.exit(result.status ?? 1);
  }
}

function sideload(manifest) {
  if (opts["no-sideload"] || !(process.platform === "win32" || process.platform === "darwin")) return false;
  const cli = path.join(ROOT, "node_modules/office-addin-dev-settings/cli.js");
  if (!existsSync(cli)) {
    console.log("office-addin-dev-settings is not installed (it is optional); load the manifest by hand as below.");
    return false;
  }
  // This CLI can exit 0 when it fails, so its exit code proves little; the instructions stay printed.
  const result = spawnSync(process.execPath, [cli, "sideload", manifest, "desktop", "--app", "Excel"], {
    stdio: "inherit",
  });
  return result.status === 0;
}

function instructions(origin, sideloaded, trusted) {
  const manifest = path.join(ROOT, "manifest.xml");
  return [
    "",
    `The add-in is served at ${origin}/ (page ${origin}/taskpane.html, metadata ${origin}/functions.json, manifest ${origin}/manifest.xml).`,
    sideloaded ? "Excel desktop was asked to open with the add-in sideloaded." : "",
    "Load it into Excel:",
    "  • Excel on the web: open a workbook, Home › Add-ins › More Add-ins › My Add-ins › Upload My Add-in,",
    `    and choose ${manifest}`,
    "  • Excel desktop (Windows): File › Options › Trust Center › Trust Center Settings › Trusted Add-in Catalogs,",
    "    add a shared folder holding manifest.xml, restart Excel, then Home › Add-ins › Shared Folder.",
    "  • Excel desktop (Mac): copy manifest.xml to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/ and restart Excel.",
    trusted
      ? ""
      : `  The HTTPS certificate is signed by a development CA your system does not trust yet: import ${CA_CERTIFICATE_PATH}\n  into your browser's (or system's) trusted authorities, or run: npx office-addin-dev-certs install`,
    "Then open the UK Companies tab and choose Open pane. Press Ctrl+C to stop.",
  ]
    .filter(Boolean)
    .join("\n");
}

async function main() {
  if (!opts["no-build"]) build();
  const tls = await ensureDevCertificates();
  let sandbox;
  if (!opts["no-sandbox"]) {
    sandbox = await startSandboxProcess({ port: Number(opts["sandbox-port"]), args: sandboxArgs });
    if (sandbox) {
      const c = sandbox.info.credentials;
      console.log(`Sandbox ready at ${sandbox.origin} (product ${sandbox.info.product}).`);
      console.log(
        `Sandbox credentials — product token: ${c.productToken} · matching key: ${c.matchingKey} · classification: ${c.classificationUsername} / ${c.classificationPassword} · market key: ${c.marketKey}`,
      );
    } else {
      console.log("The sandbox is not part of this build yet (sandbox/main.ts is missing); /sandbox/* answers 503.");
    }
  }
  const server = await startAddinServer({
    root: path.join(ROOT, "dist"),
    port: Number(opts.port),
    tls,
    sandboxOrigin: sandbox?.origin,
    sandboxCredentials: sandbox?.info.credentials,
  });
  let watcher;
  if (opts.watch) {
    watcher = spawn(process.execPath, [webpack, "--mode", "development", "--watch"], { cwd: ROOT, stdio: "inherit" });
  }
  const sideloaded = sideload(path.join(ROOT, "manifest.xml"));
  console.log(`Serving the add-in at ${server.origin}/`);
  console.log(instructions(server.origin, sideloaded, tls.trusted));

  const stop = async () => {
    watcher?.kill();
    await Promise.allSettled([server.close(), sandbox?.stop()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
