import { parseArgs, USAGE } from "./cli";
import { startupCredentials } from "./credentials";
import { startSandbox } from "./sandbox";

/**
 * `npm run sandbox -- --port N --seed S --companies C …`: prints exactly one JSON line first (the
 * four base URLs and the credentials, for scripts), then human-readable logs on stdout.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const sandbox = await startSandbox({ ...options, log: (line) => console.error(line) });
  const { urls } = sandbox;
  console.log(
    JSON.stringify({
      product: urls.product,
      matching: urls.matching,
      classification: urls.classification,
      market: urls.market,
      credentials: startupCredentials(),
    }),
  );
  const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(`sandbox listening on ${sandbox.origin} (seed ${sandbox.state.settings.seed})`);
  console.log(
    `  started in ${Math.round(sandbox.startupMs)} ms with ${sandbox.state.ds.size} UK companies and ${sandbox.state.settings.marketCompanies} per market; peak RSS ${rssMb} MB`,
  );
  console.log(`  admin API: ${sandbox.origin}/__admin (see sandbox/README.md)`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
