/**
 * The named writes (mutators.ts) as a screen calls them: `const writes = useWrites(); if (await
 * writes.placeOrder(order)) …`. Each runs on the device's database (waiting for it while it still opens, so a tap is
 * never lost), and answers whether it was written. A failure has one path: a write the operation declines by the
 * shop's rule (`WriteRefused`) is said at its level; any other means the device could not write, and the alert bar
 * says 'Perubahan tidak dapat disimpan di perangkat ini. Coba lagi.' in red. What a write's success says is the
 * caller's (each screen words its own).
 */
import { useMemo } from 'react';
import { MESSAGES } from '../../domain/messages';
import { AlertLevel, useAlert } from '../alert';
import { useDatabase } from '../db/database-context';
import type { JepretDatabase } from '../db/database';
import { openDatabase } from '../db/db-manager';
import { mutators, WriteRefused, type Mutators } from './mutators';

type Bound<M> = {
  [K in keyof M]: M[K] extends (db: JepretDatabase, ...args: infer A) => Promise<void> ? (...args: A) => Promise<boolean> : never;
};
export type Writes = Bound<Mutators>;

/** What the alert bar says of a write that did not happen. */
export function failureOf(err: unknown): { level: AlertLevel; message: string } {
  if (err instanceof WriteRefused) return { level: err.level, message: err.message };
  return { level: AlertLevel.error, message: MESSAGES.local_write_failed };
}

/** Every mutator bound to `database` (asked for at each write) and to `told`, which hears each failure. */
export function bindWrites(database: () => Promise<JepretDatabase>, told: (failure: { level: AlertLevel; message: string }) => void): Writes {
  const entries = Object.entries(mutators).map(([name, mutator]) => [
    name,
    async (...args: unknown[]) => {
      try {
        await (mutator as (db: JepretDatabase, ...rest: unknown[]) => Promise<void>)(await database(), ...args);
        return true;
      } catch (err) {
        if (!(err instanceof WriteRefused)) console.error(err);
        told(failureOf(err));
        return false;
      }
    },
  ]);
  return Object.fromEntries(entries) as Writes;
}

export function useWrites(): Writes {
  const { db } = useDatabase();
  const { showAlert } = useAlert();
  return useMemo(() => bindWrites(async () => db ?? openDatabase(), ({ level, message }) => showAlert(level, message)), [db, showAlert]);
}
