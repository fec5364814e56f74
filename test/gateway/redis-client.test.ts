/**
 * The gateway's Redis client never stays ended while the gateway runs: ioredis can end a client
 * by itself (a reconnect cut short ends it, as a failover can), and an ended client would keep the
 * gateway in per-process mode until someone restarts it. Only the gateway's own close ends it for
 * good. Against a real redis-server.
 */
import { closeRedisClient, createRedisClient, RESTART_AFTER_MS, type RedisClient } from "../../gateway/redis-client";
import { freePort, RedisServer, sleep, until } from "./support";

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
  closed.on("error", () => undefined);
  await until("the client ready", async () => closed.status === "ready");

  closeRedisClient(closed);
  await sleep(RESTART_AFTER_MS * 2);
  expect(closed.status).toBe("end");
});
