import { ADMIN_UI } from '../../domain/admin-text';
import { useSyncState } from '../../lib/db/database-context';
import { useOnline } from '../../lib/use-online';

/**
 * The admin page has no navigation, so no sync chip: this note says when changes made here are still on the
 * device only (offline, or waiting to be pushed). Silent once everything is on the server.
 */
export function SyncNote() {
  const online = useOnline();
  const sync = useSyncState();
  const pending = sync?.pending ?? 0;
  const text = !online ? `${ADMIN_UI.offlineSaved}${pending > 0 ? ` · ${ADMIN_UI.waitingSync(pending)}` : ''}` : pending > 0 ? ADMIN_UI.waitingSync(pending) : '';
  return (
    <p className={text ? 'admin-sync-note' : 'visually-hidden'} role="status" aria-live="polite">
      {text}
    </p>
  );
}
