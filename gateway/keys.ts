/**
 * Personal gateway keys: issued once (shown to the admin, never stored), kept as SHA-256 hashes
 * in a JSON file, listed and revoked by name. A key is `ukgw_` and 32 random bytes.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const KEY_PREFIX = "ukgw_";

interface StoredKey {
  name: string;
  sha256: string;
  createdAt: string;
}

const hash = (key: string) => createHash("sha256").update(key).digest("hex");

export class KeyStore {
  constructor(private readonly file: string) {}

  private read(): StoredKey[] {
    return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as StoredKey[]) : [];
  }

  private write(keys: StoredKey[]): void {
    writeFileSync(this.file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  }

  /** Issues a key for `name` (replacing an earlier one) and returns it: the only time it is seen. */
  add(name: string): string {
    const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const keys = this.read().filter((k) => k.name !== name);
    this.write([...keys, { name, sha256: hash(key), createdAt: new Date().toISOString() }]);
    return key;
  }

  list(): Array<{ name: string; createdAt: string }> {
    return this.read().map(({ name, createdAt }) => ({ name, createdAt }));
  }

  revoke(name: string): boolean {
    const keys = this.read();
    const kept = keys.filter((k) => k.name !== name);
    this.write(kept);
    return kept.length < keys.length;
  }

  /** The user a key belongs to, or undefined; read from the file each time, so a revoke takes effect at once. */
  userOf(key: string): string | undefined {
    const wanted = Buffer.from(hash(key), "hex");
    return this.read().find((k) => timingSafeEqual(Buffer.from(k.sha256, "hex"), wanted))?.name;
  }
}
