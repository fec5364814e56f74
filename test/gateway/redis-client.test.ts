/**
 * The gateway's Redis client never stays ended while the gateway runs: ioredis can end a client
 * by itself (a reconnect cut short ends it, as a failover can), and an ended client would keep the
 * gateway in per-process mode until someone restarts it. Only the gateway's own close ends it for
 * good. Against a real redis-server.
 */
import { closeRedisClient, createRedisClient, RESTART_AFTER_MS, type RedisClient } from "../../gateway/redis-client";
import { freePort, RedisServer, until } from "./support";

let server: RedisServer;
let client: RedisClient;

beforeAll(async () => {
  server = new RedisServer(await freePort());
  await server.start();
});

afterAll(async () => {
  closeRedisClient(client);
  await server.stop();
});

test("a client ended by the library starts connecting again and serves commands", async () => {
  client = createRedisClient(server.url);
  client.on("error", () => undefined);
  await until("the client ready", async () => client.status === "ready");
  await client.set("k", "before");

  // What a reconnect cut short does inside ioredis: the client's status becomes "end".
  client.disconnect();
  await until("the client ended", async () => client.status === "end", 2000);
  await until("the client ready again", async () => client.status === "ready", RESTART_AFTER_MS * 5);
  expect(await client.get("k")).toBe("before");
});

test("a client the gateway closed stays closed", async () => {
  const closed = createRedisClient(server.url);
  // A witness ended at the same moment by the library: once it is connected again, the closed
  // one would have been too, had it been going to.
  const witness = createRedisClient(server.url);
  for (const c of [closed, witness]) c.on("error", () => undefined);
  await until("both clients ready", async () => closed.status === "ready" && witness.status === "ready");

  closeRedisClient(closed);
  witness.disconnect();
  await until("both ended", async () => closed.status === "end" && witness.status === "end", 2000);
  await until("the witness ready again", async () => witness.status === "ready", RESTART_AFTER_MS * 5);
  closeRedisClient(witness);
  expect(closed.status).toBe("end");
});
