/**
 * OfficeRuntime.storage: an asynchronous string key-value store, persistent, shared by the add-ins
 * of one domain, with a 10 MB quota (API-FACTS) and no clear(). In the browser it is backed by
 * localStorage (keys prefixed so the sim's entries are recognisable); in Node by a Map.
 */
export interface StorageBackend {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export const STORAGE_QUOTA_BYTES = 10 * 1024 * 1024;
export const LOCAL_STORAGE_PREFIX = "office-sim.storage:";

export function memoryBackend(): StorageBackend {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

export function localStorageBackend(storage: Storage, prefix = LOCAL_STORAGE_PREFIX): StorageBackend {
  return {
    get: (key) => storage.getItem(prefix + key),
    set: (key, value) => storage.setItem(prefix + key, value),
    remove: (key) => storage.removeItem(prefix + key),
    keys: () =>
      Object.keys(storage)
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length)),
  };
}

// INFERRED: usage is counted in characters of keys and values; the real store's accounting is not documented.
function usage(backend: StorageBackend, without: Set<string>): number {
  return backend
    .keys()
    .reduce((sum, key) => (without.has(key) ? sum : sum + key.length + (backend.get(key)?.length ?? 0)), 0);
}

export interface OfficeRuntimeStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  getItems(keys: string[]): Promise<Record<string, string | null>>;
  setItems(pairs: Record<string, string>): Promise<void>;
  removeItems(keys: string[]): Promise<void>;
  getKeys(): Promise<string[]>;
}

export function createStorage(backend: StorageBackend, quotaBytes = STORAGE_QUOTA_BYTES): OfficeRuntimeStorage {
  const setAll = async (pairs: Record<string, string>) => {
    for (const [key, value] of Object.entries(pairs)) {
      if (typeof key !== "string" || typeof value !== "string")
        throw new TypeError(`OfficeRuntime.storage keeps strings only (key "${key}").`);
    }
    const added = Object.entries(pairs).reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    if (usage(backend, new Set(Object.keys(pairs))) + added > quotaBytes) {
      throw new Error(`OfficeRuntime.storage is full: the ${quotaBytes / 1024 / 1024} MB quota would be exceeded.`);
    }
    for (const [key, value] of Object.entries(pairs)) backend.set(key, value);
  };
  return {
    getItem: async (key) => backend.get(key),
    setItem: (key, value) => setAll({ [key]: value }),
    removeItem: async (key) => backend.remove(key),
    getItems: async (keys) => Object.fromEntries(keys.map((key) => [key, backend.get(key)])),
    setItems: (pairs) => setAll(pairs),
    removeItems: async (keys) => keys.forEach((key) => backend.remove(key)),
    getKeys: async () => backend.keys(),
  };
}
