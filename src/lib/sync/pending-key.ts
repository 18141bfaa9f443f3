/** Where the sync keeps, per database and collection, which local changes still wait for a push. */
export const pendingKey = (database: string, collection: string): string => `jepret.pending.${database}.${collection}`;

/**
 * The waiting documents kept under `key`, each with the revision height of its latest local write (start-sync.ts),
 * read without opening any database. A damaged entry reads as none: it only loses the count, never the documents.
 */
export function readPending(storage: Pick<Storage, 'getItem'> | null, key: string): Map<string, number> {
  const map = new Map<string, number>();
  try {
    const saved: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
    if (saved && typeof saved === 'object') for (const [id, n] of Object.entries(saved)) map.set(id, Number(n));
  } catch {
    // Damaged: RxDB still pushes the documents.
  }
  return map;
}
