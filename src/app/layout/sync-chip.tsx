import { UI } from '../../domain/ui-text';
import { useSyncState } from '../../lib/db/database-context';
import { useOnline } from '../../lib/use-online';

/** What the replication is doing, in a word or two. */
export function syncLabel(online: boolean, s: ReturnType<typeof useSyncState>): { text: string; kind: string } | null {
  // Offline, the customer still sees that their changes are kept and waiting.
  const cut = (why: string, pending: (n: number) => string) => ({ text: s && s.pending > 0 ? `${why} · ${pending(s.pending)}` : why, kind: 'offline' });
  if (!online) return cut(UI.sync.offline, UI.sync.pending);
  if (!s) return null;
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

export function SyncChip() {
  const online = useOnline();
  const state = useSyncState();
  const label = syncLabel(online, state);
  if (!label) return null;
  return (
    <span className={`sync-chip sync-${label.kind}`} role="status" aria-live="polite" title={label.text}>
      {label.text}
    </span>
  );
}
