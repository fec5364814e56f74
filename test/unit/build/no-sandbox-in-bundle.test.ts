/**
 * The built add-in carries no sandbox code or credential: the pane learns the sandbox's public
 * credentials only from the config.json the development server serves, never from its bundle.
 * `npm test` builds before jest; run `npm run build` first when running this file alone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JWT_SECRET, SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";

const DIST = join(__dirname, "../../../dist");

const builtFiles = (): string[] =>
  readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((file) => /\.(js|json|html|xml|map)$/.test(file));

test("dist/ is built", () => {
  expect({ dist: DIST, built: existsSync(join(DIST, "taskpane.html")) }).toEqual({ dist: DIST, built: true });
});

test.each([
  ...Object.entries(SANDBOX_CREDENTIALS).map(([name, secret]) => [`the sandbox credential ${name}`, secret]),
  ["the sandbox's JWT signing secret", JWT_SECRET],
  ["the sandbox's own code (its matcher)", "fuzzy_index"],
])("no built file holds %s", (_name, secret) => {
  const holding = builtFiles().filter((file) => readFileSync(join(DIST, file), "utf8").includes(secret));
  expect(holding).toEqual([]);
});
