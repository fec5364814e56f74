/**
 * `npm run gateway` starts the team gateway (configuration from the environment, see `--help`);
 * `npm run gateway -- keys add <name> | list | revoke <name>` manages personal gateway keys;
 * `npm run gateway -- decisions list | export | import | delete` the team's decisions.
 * Anything else is refused with the usage rather than ignored, so a mistyped flag never starts a
 * server configured other than the operator meant.
 */
import { helpText } from "./help";

const KEYS_USAGE = "Usage: npm run gateway -- keys add <name> | keys list | keys revoke <name>";

async function keysCommand(command: string | undefined, name: string | undefined): Promise<void> {
  const { KeyStore } = await import("./keys");
  const keys = new KeyStore(process.env.GATEWAY_KEYS_FILE ?? "gateway-keys.json");
  if (command === "add" && name)
    console.log(`Gateway key for ${name} (shown once; give it to them): ${keys.add(name)}`);
  else if (command === "list") for (const k of keys.list()) console.log(`${k.name}\t${k.createdAt}`);
  else if (command === "revoke" && name) console.log(keys.revoke(name) ? `Revoked ${name}.` : `No key for ${name}.`);
  else throw new Error(KEYS_USAGE);
}

/** The decisions in the store the gateways use: Redis when REDIS_URL is set, else the decisions file. */
async function decisionsCommand(args: string[]): Promise<void> {
  const [{ decisionsCommand: run, consoleOutput }, { FileDecisionStore }, { RedisDecisionStore }, redisClient] =
    await Promise.all([
      import("./decisions/admin"),
      import("./decisions/file-store"),
      import("./decisions/redis-store"),
      import("./redis-client"),
    ]);
  const env = process.env;
  if (!env.REDIS_URL) {
    const { besideKeys } = await import("./config");
    const file =
      env.DECISIONS_FILE ??
      besideKeys({ keysFile: env.GATEWAY_KEYS_FILE ?? "gateway-keys.json" }, "gateway-decisions.json");
    return run(new FileDecisionStore(file), args, consoleOutput());
  }
  const redis = redisClient.createRedisClient(env.REDIS_URL);
  redis.on("error", () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Redis (REDIS_URL) did not answer within 10 s.")), 10_000);
      redis.once("ready", () => (clearTimeout(timer), resolve()));
    });
    await run(new RedisDecisionStore(redis), args, consoleOutput());
  } finally {
    redisClient.closeRedisClient(redis);
  }
}

async function serve(): Promise<void> {
  // Loaded only to serve: help and key commands start no server library.
  const [{ configFromEnv }, { startGateway }] = await Promise.all([import("./config"), import("./server")]);
  const gateway = await startGateway(configFromEnv());
  // Drain: stop accepting, let in-flight requests finish, then leave.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => void gateway.close().then(() => process.exit(0)));
}

async function main(args: string[]): Promise<void> {
  if (args.some((arg) => arg === "--help" || arg === "-h") || args[0] === "help") {
    process.stdout.write(helpText());
    return;
  }
  if (args[0] === "keys") return keysCommand(args[1], args[2]);
  if (args[0] === "decisions") return decisionsCommand(args.slice(1));
  if (args.length > 0) throw new Error(`Unknown argument ${args[0]}; see npm run gateway -- --help`);
  return serve();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
