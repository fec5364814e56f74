/**
 * Personal gateway keys: issued once (shown to the admin, never stored), kept as SHA-256 hashes
 * in a JSON file, listed and revoked by name. A key is `ukgw_` and 32 random bytes.
 *
 * The file is the gateway's alone: always 0600 (a wider file is narrowed when read), and replaced
 * whole (a temporary file in the same folder, synced, then renamed over it), so a reader sees the
 * old list or the new one, never half of one. A running gateway keeps the keys in memory and,
 * before a lookup, looks only at the file's identity (inode, size, modification time: one stat,
 * microseconds), so a key added or revoked by `npm run gateway -- keys …` in another process
 * counts at the next request, and the file is read and parsed only when it changed, never per
 * request. A file that cannot be read (cut off, not JSON, not a list of keys) keeps the last good
 * keys and is reported once, not turned into failed requests.
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, readFileSync, type Stats } from "node:fs";
import { z } from "zod";
import { PRIVATE_FILE_MODE as FILE_MODE, statIfPresent, versionOf, writeFileAtomically } from "./atomic-file";

export const KEY_PREFIX = "ukgw_";

const storedKeySchema = z.object({
  name: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
});
type StoredKey = z.infer<typeof storedKeySchema>;
const keysFileSchema = z.array(storedKeySchema);

export interface KeyStoreOptions {
  /** Where problems with the file go (a damaged file, a mode that could not be narrowed); default stderr. */
  log?: (message: string) => void;
  /** How long a look at the file for a change holds before the next; default 0 (every lookup: a revoke counts at once). */
  recheckMs?: number;
  now?: () => number;
}

/** Thrown by add and revoke when the file on disk cannot be read: writing would lose the keys in it. */
export class KeysFileError extends Error {
  override readonly name = "KeysFileError";
}

const hash = (key: string) => createHash("sha256").update(key).digest("hex");

export class KeyStore {
  private keys: StoredKey[] = [];
  /** SHA-256 of a key → its user. A lookup by the hash of a secret leaks nothing usable by its timing. */
  private byHash = new Map<string, string>();
  private version = "";
  private checkedAt = Number.NEGATIVE_INFINITY;
  private lastProblem: string | undefined;
  private readonly log: (message: string) => void;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly file: string,
    options: KeyStoreOptions = {},
  ) {
    this.log = options.log ?? ((message) => console.error(message));
    this.recheckMs = options.recheckMs ?? 0;
    this.now = options.now ?? Date.now;
    this.refresh(true);
  }

  /** Issues a key for `name` (replacing an earlier one) and returns it: the only time it is seen. */
  add(name: string): string {
    const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const kept = this.readForChange().filter((k) => k.name !== name);
    this.write([...kept, { name, sha256: hash(key), createdAt: new Date(this.now()).toISOString() }]);
    return key;
  }

  list(): Array<{ name: string; createdAt: string }> {
    this.refresh(true);
    return this.keys.map(({ name, createdAt }) => ({ name, createdAt }));
  }

  revoke(name: string): boolean {
    const keys = this.readForChange();
    const kept = keys.filter((k) => k.name !== name);
    if (kept.length === keys.length) return false;
    this.write(kept);
    return true;
  }

  /** The user a key belongs to, or undefined: from memory, reloaded first if the file changed. */
  userOf(key: string): string | undefined {
    this.refresh(false);
    return this.byHash.get(hash(key));
  }

  /** Reloads when the file changed; `force` looks even within `recheckMs` of the last look. */
  private refresh(force: boolean): void {
    const now = this.now();
    if (!force && now - this.checkedAt < this.recheckMs) return;
    this.checkedAt = now;
    let stats: Stats | undefined;
    try {
      stats = this.stat();
    } catch (error) {
      return this.report(`cannot be looked at (${(error as Error).message})`);
    }
    const version = versionOf(stats);
    if (version === this.version) return;
    this.version = version;
    if (!stats) return this.use([]);
    this.narrowMode(stats);
    const read = this.parse();
    if (read.ok) this.use(read.keys);
    else this.report(`cannot be read (${read.problem})`);
  }

  /** Said once per problem, not at every request while it lasts. */
  private report(problem: string): void {
    if (problem === this.lastProblem) return;
    this.lastProblem = problem;
    this.log(
      `gateway: the keys file ${this.file} ${problem}; keeping the ${this.keys.length} key(s) last read until it is fixed.`,
    );
  }

  /** The keys on disk now, for a change; refuses when the file is damaged rather than overwrite it. */
  private readForChange(): StoredKey[] {
    if (!this.stat()) return [];
    const read = this.parse();
    if (!read.ok)
      throw new KeysFileError(
        `The keys file ${this.file} cannot be read (${read.problem}); nothing was changed. ` +
          `Restore it from a backup, or remove it to start again (every key is then revoked).`,
      );
    return read.keys;
  }

  private parse(): { ok: true; keys: StoredKey[] } | { ok: false; problem: string } {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.file, "utf8"));
    } catch (error) {
      return { ok: false, problem: (error as Error).message };
    }
    const checked = keysFileSchema.safeParse(raw);
    if (!checked.success) return { ok: false, problem: "not a list of hashed keys" };
    return { ok: true, keys: checked.data };
  }

  private use(keys: StoredKey[]): void {
    this.lastProblem = undefined;
    this.keys = keys;
    this.byHash = new Map(keys.map((k) => [k.sha256, k.name]));
  }

  private stat(): Stats | undefined {
    return statIfPresent(this.file);
  }

  /** A file another tool left readable by others is narrowed to the owner. */
  private narrowMode(stats: Stats): void {
    if ((stats.mode & 0o777) === FILE_MODE) return;
    try {
      chmodSync(this.file, FILE_MODE);
    } catch (error) {
      this.log(
        `gateway: the keys file ${this.file} is mode ${(stats.mode & 0o777).toString(8)} and could not be made 600 ` +
          `(${(error as Error).message}); make it readable by the gateway's user only.`,
      );
    }
  }

  private write(keys: StoredKey[]): void {
    writeFileAtomically(this.file, `${JSON.stringify(keys, null, 2)}\n`);
    this.use(keys);
    this.version = versionOf(this.stat());
    this.checkedAt = this.now();
  }
}
