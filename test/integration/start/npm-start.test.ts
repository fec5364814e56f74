import { ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const ROOT = path.resolve(__dirname, "../../..");
jest.setTimeout(120_000);

let child: ChildProcess;
let origin: string;
const output: string[] = [];

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const ca = readFileSync(path.join(os.homedir(), ".office-addin-dev-certs/ca.crt"));
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "dist/taskpane.html")))
    throw new Error("dist/ is missing: run `npm run build` (npm test builds first).");
  // The same script as `npm start`, minus the build (npm test has built) and the sideload, on free ports.
  child = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-build", "--no-sideload", "--port", "0", "--sandbox-port", "0"],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  origin = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      output.push(line);
      const served = line.match(/^Serving the add-in at (https:\/\/localhost:\d+)\//);
      if (served) resolve(served[1]!);
    });
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output.join("\n")}`)));
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
});

test("serves the shared-runtime page over HTTPS with the dev certificate", async () => {
  const page = await get(`${origin}/`);
  expect(page.status).toBe(200);
  expect(page.type).toMatch(/text\/html/);
  expect(page.body).toMatch(/src="?functions\.js/);
  expect(page.body).toContain("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
});

test("serves functions.json and the manifest", async () => {
  const metadata = await get(`${origin}/functions.json`);
  expect(metadata.status).toBe(200);
  expect(JSON.parse(metadata.body).functions.map((f: { id: string }) => f.id)).toEqual(
    expect.arrayContaining(["MATCH", "FIELD", "CLASSIFY"]),
  );
  const manifest = await get(`${origin}/manifest.xml`);
  expect(manifest.status).toBe(200);
  expect(manifest.body).toContain("<OfficeApp");
});

test("tells the user how to load the manifest into Excel", () => {
  const text = output.join("\n");
  expect(text).toMatch(/Excel on the web:.*Upload My Add-in/);
  expect(text).toContain(path.join(ROOT, "manifest.xml"));
});

test("brings the sandbox up behind /sandbox/ on the add-in's own origin, with its credentials printed", async () => {
  const text = output.join("\n");
  const token = /product token: (\S+)/.exec(text)?.[1];
  expect(token).toBeDefined();
  const filters = await get(`${origin}/sandbox/product/api/v2/filters`, { authorization: `Bearer ${token}` });
  expect(filters.status).toBe(200);
  expect(JSON.parse(filters.body).Filters.length).toBeGreaterThan(0);
  const refused = await get(`${origin}/sandbox/product/api/v2/filters`, { authorization: "Bearer wrong" });
  expect(refused.status).toBe(401);
});

test("refuses paths outside dist/", async () => {
  const escaped = await get(`${origin}/..%2Fpackage.json`);
  expect(escaped.status).toBe(404);
});
