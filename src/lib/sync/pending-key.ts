/** Where the sync keeps, per database and collection, which local changes still wait for a push. */
export const pendingKey = (database: string, collection: string): string => `jepret.pending.${database}.${collection}`;
