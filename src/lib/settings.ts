/**
 * The shop's public settings (GET /api/settings, sync-server/settings-route.ts) as the app last heard them, kept in
 * localStorage so they hold offline after one online visit: `unpaidExpiryHours`, when the server expires an
 * unpaid order (the Transaksi reminder falls 24 hours before). Never heard: the server's default, 48.
 * Asked once a page load, when something first needs it.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_UNPAID_EXPIRY_HOURS } from '../domain/expiry';
import { api } from './api';

export const SETTINGS_KEY = 'jepret.settings';

interface Settings {
  unpaidExpiryHours: number;
}

const DEFAULTS: Settings = { unpaidExpiryHours: DEFAULT_UNPAID_EXPIRY_HOURS };

const validHours = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function stored(): Settings {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
    return validHours(saved?.unpaidExpiryHours) ? { unpaidExpiryHours: saved.unpaidExpiryHours } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let current: Settings | null = null;
let asked: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Asks the server (once a page load); offline or a bad answer keeps what was stored. */
function refresh(): Promise<void> {
  asked ??= api<Partial<Settings>>('/api/settings')
    .then(({ ok, data }) => {
      if (!ok || !validHours(data?.unpaidExpiryHours)) return;
      current = { unpaidExpiryHours: data.unpaidExpiryHours };
      try {
        globalThis.localStorage?.setItem(SETTINGS_KEY, JSON.stringify(current));
      } catch {
        /* storage full or refused: the value still holds for this page load */
      }
      for (const listener of listeners) listener();
    })
    .catch(() => undefined);
  return asked;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void refresh();
  return () => listeners.delete(listener);
}

const snapshot = (): Settings => (current ??= stored());

/** Hours after which the server expires an unpaid order (0: never). */
export function useUnpaidExpiryHours(): number {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULTS).unpaidExpiryHours;
}

/** Tests: forget what this page load heard and asked (localStorage is the test's to clear). */
export function forgetSettings(): void {
  current = null;
  asked = null;
}
