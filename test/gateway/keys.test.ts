/**
 * The keys file as an operator meets it: owner-only whatever it was before, replaced whole, picked
 * up by a running gateway at the next request after `keys add`/`revoke` in another process, never read
 * per request, and a damaged file keeps the keys last read (and is said once) instead of failing
 * every request.
 */
import fs, {
  chmodSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  readSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAuthenticator } from "../../gateway/auth";
import { KeyStore, KeysFileError } from "../../gateway/keys";
import { offlineGatewayConfig } from "../support/offline-gateway-config";

const posix = process.platform !== "win32";
const modeOf = (file: string) => statSync(file).mode & 0o777;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ukgw-keys-"));
  file = path.join(dir, "gateway-keys.json");
});

/** A second store on the same file, as the CLI in another process is, with a clock the test moves. */
function serverStore(log: string[] = []) {
  let now = 1_000_000;
  const store = new KeyStore(file, { now: () => now, log: (message) => log.push(message) });
  return { store, log, advance: (ms: number) => (now += ms) };
}

(posix ? describe : describe.skip)("the file's mode", () => {
  test("a new keys file is readable by its owner only", () => {
    new KeyStore(file).add("alice");
    expect(modeOf(file)).toBe(0o600);
  });

  test("an existing file left 0644 is narrowed when written, and when a gateway reads it", () => {
    new KeyStore(file).add("alice");
    chmodSync(file, 0o644);
    new KeyStore(file).add("bob");
    expect(modeOf(file)).toBe(0o600);

    chmodSync(file, 0o644);
    new KeyStore(file, { log: () => undefined }).list();
    expect(modeOf(file)).toBe(0o600);
  });
});

test("a write replaces the file whole: a reader holding the old one sees all of it, and no temporary is left", () => {
  const keys = new KeyStore(file);
  keys.add("alice");
  const before = readFileSync(file, "utf8");
  const fd = openSync(file, "r");
  keys.add("bob");
  const buffer = Buffer.alloc(before.length + 100);
  const read = readSync(fd, buffer, 0, buffer.length, 0);
  fs.closeSync(fd);
  expect(buffer.subarray(0, read).toString("utf8")).toBe(before);
  expect(JSON.parse(readFileSync(file, "utf8")).map((k: { name: string }) => k.name)).toEqual(["alice", "bob"]);
  expect(readdirSync(dir)).toEqual(["gateway-keys.json"]);
});

test("a key added or revoked by another process counts at the next lookup, without a restart", () => {
  const { store } = serverStore();
  const cli = new KeyStore(file);
  const carol = cli.add("carol");
  expect(store.userOf(carol)).toBe("carol");
  cli.revoke("carol");
  expect(store.userOf(carol)).toBeUndefined();
});

test("with recheckMs, a very busy gateway looks at the file no more often than that", () => {
  let now = 0;
  const store = new KeyStore(file, { recheckMs: 1000, now: () => now });
  const carol = new KeyStore(file).add("carol");
  now += 500;
  expect(store.userOf(carol)).toBeUndefined();
  now += 501;
  expect(store.userOf(carol)).toBe("carol");
});

test("lookups read and parse nothing while the file has not changed", () => {
  const alice = new KeyStore(file).add("alice");
  const { store, advance } = serverStore();
  const quiet = jest.spyOn(fs, "readFileSync");
  try {
    for (let i = 0; i < 1000; i++) {
      advance(5);
      expect(store.userOf(alice)).toBe("alice");
    }
    expect(quiet).not.toHaveBeenCalled();
  } finally {
    quiet.mockRestore();
  }
  new KeyStore(file).add("bob");
  const reload = jest.spyOn(fs, "readFileSync");
  try {
    for (let i = 0; i < 300; i++) {
      advance(5);
      store.userOf(alice);
    }
    expect(reload).toHaveBeenCalledTimes(1);
  } finally {
    reload.mockRestore();
  }
});

describe("a damaged file", () => {
  test("keeps the keys last read, says so once, and takes the file again once it is mended", () => {
    const cli = new KeyStore(file);
    const alice = cli.add("alice");
    const { store, log, advance } = serverStore();
    const good = readFileSync(file, "utf8");

    writeFileSync(file, good.slice(0, good.length / 2)); // cut off mid-write by another tool
    for (let i = 0; i < 5; i++) {
      advance(1001);
      expect(store.userOf(alice)).toBe("alice");
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/keys file .* cannot be read .*keeping the 1 key\(s\) last read/);

    writeFileSync(file, "[]");
    advance(1001);
    expect(store.userOf(alice)).toBeUndefined();
  });

  test("the gateway still signs in the keys it knew: a 401 for strangers, never an error", async () => {
    const alice = new KeyStore(file).add("alice");
    const { store, advance } = serverStore();
    const authenticate = createAuthenticator(offlineGatewayConfig({ keysFile: file }), store);
    writeFileSync(file, "{");
    advance(1001);
    await expect(authenticate(`Bearer ${alice}`)).resolves.toBe("alice");
    await expect(authenticate("Bearer ukgw_somebody-else")).rejects.toMatchObject({ reason: "unknown-key" });
  });

  test("a gateway starting on one has no keys and says why, rather than failing", () => {
    writeFileSync(file, '[{"name": "alice", "sha256": "not a hash"}]');
    const { store, log } = serverStore();
    expect(store.userOf("ukgw_anything")).toBeUndefined();
    expect(log.join("\n")).toMatch(/not a list of hashed keys/);
  });

  test("adding or revoking refuses to overwrite it, so no key is lost silently", () => {
    writeFileSync(file, '[{"name": "alice", "sha2');
    const keys = new KeyStore(file, { log: () => undefined });
    expect(() => keys.add("bob")).toThrow(KeysFileError);
    expect(() => keys.revoke("alice")).toThrow(/cannot be read .*nothing was changed/);
    expect(readFileSync(file, "utf8")).toBe('[{"name": "alice", "sha2');
  });
});

test("keys are stored as hashes only, listed by name, and a revoke reports whether there was one", () => {
  const keys = new KeyStore(file);
  const alice = keys.add("alice");
  expect(readFileSync(file, "utf8")).not.toContain(alice);
  expect(keys.list().map((k) => k.name)).toEqual(["alice"]);
  expect(keys.revoke("nobody")).toBe(false);
  expect(keys.revoke("alice")).toBe(true);
  expect(keys.userOf(alice)).toBeUndefined();
});
