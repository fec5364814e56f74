/** In-memory stand-ins for the host's storage (OfficeRuntime.storage) and workbook store (custom XML parts). */
import type { WorkbookStore } from "../../src/core/cache/snapshot";
import type { KeyValueStorage } from "../../src/core/credentials";

export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
}

export class MemoryWorkbookStore implements WorkbookStore {
  text: string | undefined;
  saves = 0;
  async load() {
    return this.text;
  }
  async save(text: string) {
    this.saves += 1;
    this.text = text;
  }
}
