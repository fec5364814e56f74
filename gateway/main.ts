/**
 * `npm run gateway` starts the team gateway (configuration from the environment, see README.md);
 * `npm run gateway -- keys add <name> | list | revoke <name>` manages personal gateway keys.
 */
import { configFromEnv } from "./config";
import { KeyStore } from "./keys";
import { startGateway } from "./server";

async function main(args: string[]): Promise<void> {
  if (args[0] === "keys") {
    const keys = new KeyStore(process.env.GATEWAY_KEYS_FILE ?? "gateway-keys.json");
    const [, command, name] = args;
    if (command === "add" && name)
      console.log(`Gateway key for ${name} (shown once; give it to them): ${keys.add(name)}`);
    else if (command === "list") for (const k of keys.list()) console.log(`${k.name}\t${k.createdAt}`);
    else if (command === "revoke" && name) console.log(keys.revoke(name) ? `Revoked ${name}.` : `No key for ${name}.`);
    else throw new Error("Usage: npm run gateway -- keys add <name> | keys list | keys revoke <name>");
    return;
  }
  const gateway = await startGateway(configFromEnv());
  // Drain: stop accepting, let in-flight requests finish, then leave.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => void gateway.close().then(() => process.exit(0)));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
