import { useState } from 'react';
import { UI } from '../../domain/ui-text';
import { useSyncState } from '../../lib/db/database-context';
import { useOnline } from '../../lib/use-online';

/** What the replication is doing, in a word or two. */
export function syncLabel(online: boolean, s: ReturnType<typeof useSyncState>): { text: string; kind: string } | null {
  // Offline, the customer still sees that their changes are kept and waiting.
  const cut = (why: string, pending: (n: number) => string) => ({ text: s && s.pending > 0 ? `${why} · ${pending(s.pending)}` : why, kind: 'offline' });
  if (!online) return cut(UI.sync.offline, UI.sync.pending);
  if (!s) return null;
  // The election still running: this tab does not know yet whether it is the one that syncs.
  if (!s.elected) return { text: UI.sync.syncing, kind: 'syncing' };
  // Another tab of the app replicates; this one shows what waits, or that the other tab takes care of it.
  if (!s.leader) return s.pending > 0 ? { text: UI.sync.pending(s.pending), kind: 'pending' } : { text: UI.sync.otherTab, kind: 'synced' };
  // Not yet answered, nothing failed: still connecting.
  if (!s.online && s.lastSyncedAt === null && !s.lastError) return { text: UI.sync.syncing, kind: 'syncing' };
  // The browser has a network but the server did not answer: not "Offline", which would send them to check their phone.
  if (!s.online) return cut(UI.sync.unreachable, UI.sync.pendingShort);
  if (s.lastError) return { text: s.lastError, kind: 'error' };
  if (s.syncing) return { text: UI.sync.syncing, kind: 'syncing' };
  if (s.pending > 0) return { text: UI.sync.pending(s.pending), kind: 'pending' };
  if (s.lastSyncedAt) return { text: UI.sync.synced, kind: 'synced' };
  return { text: UI.sync.idle, kind: 'idle' };
}

/**
 * What the status says to a screen reader: the chip's text, except the passing 'Menyinkronkan…'. Every write runs a
 * sync or three, and a polite live region on the chip itself said 'Menyinkronkan… Tersinkron' up to three times after
 * each Masukkan Keranjang, over what the customer was hearing. A change that matters (Offline, waiting, an error,
 * back to Tersinkron) is still said once.
 */
export function spokenSyncText(label: { text: string; kind: string } | null, before: string): string {
  return label && label.kind !== 'syncing' ? label.text : before;
}

export function SyncChip() {
  const online = useOnline();
  const state = useSyncState();
  const label = syncLabel(online, state);
  const [spoken, setSpoken] = useState('');
  const next = spokenSyncText(label, spoken);
  if (next !== spoken) setSpoken(next);
  if (!label) return null;
  return (
    <>
      <span className={`sync-chip sync-${label.kind}`} aria-hidden="true" title={label.text}>
        {label.text}
      </span>
      <span className="visually-hidden" role="status">
        {next}
      </span>
    </>
  );
}
