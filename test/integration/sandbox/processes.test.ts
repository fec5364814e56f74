/**
 * `npm run sandbox -- --processes 2`: two processes answer on one port, side by side, with the same
 * data; stopping the first stops them all.
 */
import { request } from "node:http";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
jest.setTimeout(90_000);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandboxProcess } = require(path.join(ROOT, "scripts/lib/sandbox-process.cjs")) as {
  startSandboxProcess(o: object): Promise<{ info: { product: string }; origin: string; stop(): Promise<void> }>;
};

/** A GET on a connection of its own, so the balancing sees a new connection each time. */
function get(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers: { ...headers, Connection: "close" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
    })
      .on("error", reject)
      .end();
  });
}

test("two processes answer on one port with the same data", async () => {
  const sandbox = await startSandboxProcess({
    port: 0,
    args: ["--companies", "2000", "--seed", "5", "--no-warm", "--processes", "2"],
    log: () => undefined,
  });
  try {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(JSON.parse(await get(`${sandbox.origin}/__admin`)) as { pid: number });
    expect(new Set(answers.map((a) => a.pid)).size).toBe(2);
    const filters = new Set<string>();
    for (let i = 0; i < 4; i++)
      filters.add(
        await get(`${sandbox.info.product}/v2/search/aheadFull/0`, {
          Authorization: "Bearer sbx_product_full_3f9c2a7d41b8e605",
        }),
      );
    expect(filters.size).toBe(1);
  } finally {
    await sandbox.stop();
  }
});
