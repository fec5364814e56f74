/**
 * The in-process cache tier: serialised values under string keys, bounded in bytes (keys and
 * values counted as UTF-16 code units × 2, as the heap holds them), the least recently used
 * going first, each entry with its own expiry.
 */
interface Entry {
  value: string;
  expires: number;
  bytes: number;
}

export class ByteLru {
  private readonly entries = new Map<string, Entry>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.used -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: string, ttlMs: number): void {
    const bytes = (key.length + value.length) * 2;
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expires: this.now() + ttlMs, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }
}
