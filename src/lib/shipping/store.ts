/**
 * Where the shipping client keeps region lists and cost quotes between visits: IndexedDB (Dexie) in the
 * browser, memory in Node tests or when IndexedDB is refused (some private windows).
 */
import { Dexie, type Table } from '../db/dexie';

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => structuredClone(map.get(key)),
    set: async (key, value) => void map.set(key, structuredClone(value)),
  };
}

interface Row {
  key: string;
  value: unknown;
}

/** The 'jepret-shipping' database with one key-value table; falls back to memory if IndexedDB fails. */
export function createIndexedDbStore(name = 'jepret-shipping'): KeyValueStore {
  const db = new Dexie(name);
  db.version(1).stores({ kv: 'key' });
  const kv: Table<Row, string> = db.table('kv');
  const fallback = createMemoryStore();
  return {
    async get(key) {
      try {
        return (await kv.get(key))?.value;
      } catch {
        return fallback.get(key);
      }
    },
    async set(key, value) {
      try {
        await kv.put({ key, value });
      } catch {
        await fallback.set(key, value);
      }
    },
  };
}
