// Starts the sandbox (sandbox/main.ts) as a child process and reads its start-up line:
// one JSON object with the four base URLs and the sandbox credentials.
const { spawn } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");

const ROOT = path.resolve(__dirname, "../..");

async function startSandboxProcess({ port = 3001, args = [], log = console.log, timeoutMs = 60_000 } = {}) {
  const entry = path.join(ROOT, "sandbox/main.ts");
  if (!existsSync(entry)) return undefined;
  const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
  const child = spawn(process.execPath, [tsx, entry, "--port", String(port), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`The sandbox did not start within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox exited with code ${code} before it was ready.`));
    });
    lines.once("line", (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`The sandbox's first line is not its JSON start-up line: ${line}`));
      }
    });
  });
  lines.on("line", (line) => log(`[sandbox] ${line}`));
  return {
    info,
    origin: new URL(info.product).origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

module.exports = { startSandboxProcess };
