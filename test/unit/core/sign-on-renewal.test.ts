import { CredentialStore } from "../../../src/core/credentials";
import { renewingSignOn, RENEW_BEFORE_MS } from "../../../src/core/sign-on-renewal";
import { MemoryStorage } from "../../support/memory-stores";

/** An unsigned JWT-shaped token expiring at `expSeconds`; only its `exp` is read here. */
const jwt = (expSeconds: number, id: string) =>
  [{ alg: "none" }, { exp: expSeconds, jti: id }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .join(".") + ".";

const NOW = 1_800_000_000_000;

function setUp(renew: () => Promise<{ token: string; username?: string }>) {
  let now = NOW;
  const store = new CredentialStore(new MemoryStorage(), () => now, true);
  const calls = { renew: 0 };
  const source = renewingSignOn(
    store,
    () => {
      calls.renew++;
      return renew();
    },
    () => now,
  );
  return { store, source, calls, advance: (ms: number) => (now += ms) };
}

test("a sign-on token far from expiry goes out as it is, without asking the host", async () => {
  const { store, source, calls } = setUp(async () => ({ token: "never" }));
  const token = jwt(NOW / 1000 + 3600, "a");
  await store.save("product", token);
  await expect(source.getToken("matching")).resolves.toBe(token);
  expect(calls.renew).toBe(0);
});

test("one near expiry is renewed silently once for many requests at once, and the new one is kept", async () => {
  const fresh = jwt(NOW / 1000 + 3600, "fresh");
  const { store, source, calls } = setUp(async () => ({ token: fresh, username: "ana@contoso.example" }));
  await store.save("product", jwt((NOW + RENEW_BEFORE_MS - 1000) / 1000, "old"));
  const tokens = await Promise.all([
    source.getToken("product"),
    source.getToken("matching"),
    source.getToken("market"),
  ]);
  expect(tokens).toEqual([fresh, fresh, fresh]);
  expect(calls.renew).toBe(1);
  expect(await store.getToken("product")).toBe(fresh);
  expect(await store.status("product")).toMatchObject({ signedIn: true, username: "ana@contoso.example" });
});

test("a failed renewal sends the old token and waits a minute before trying again", async () => {
  const { store, source, calls, advance } = setUp(async () => {
    throw new Error("interaction required");
  });
  const old = jwt((NOW + 60_000) / 1000, "old");
  await store.save("product", old);
  await expect(source.getToken("product")).resolves.toBe(old);
  await expect(source.getToken("product")).resolves.toBe(old);
  expect(calls.renew).toBe(1);
  advance(61_000);
  await source.getToken("product");
  expect(calls.renew).toBe(2);
});

test("a gateway key is never renewed", async () => {
  const { store, source, calls } = setUp(async () => ({ token: "never" }));
  await store.save("product", "ukgw_personal-key");
  await expect(source.getToken("product")).resolves.toBe("ukgw_personal-key");
  expect(calls.renew).toBe(0);
});

test("a renewal that brings nothing newer (the host's own cache) is not repeated at every request", async () => {
  const same = jwt((NOW + 120_000) / 1000, "same");
  const { store, source, calls, advance } = setUp(async () => ({ token: same }));
  await store.save("product", same);
  await source.getToken("product");
  advance(1000);
  await source.getToken("product");
  expect(calls.renew).toBe(1);
});
