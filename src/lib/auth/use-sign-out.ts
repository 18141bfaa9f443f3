import { useCallback } from 'react';
import { UI } from '../../domain/ui-text';
import { useSyncState } from '../db/database-context';
import { useAuth } from './auth-context';

/** A profile photo or product image still waiting to upload (the outbox loads only when Log Out is pressed). */
async function photosWaiting(uid: string | undefined): Promise<number> {
  if (!uid) return 0;
  try {
    const { photoChangesWaiting } = await import('../photos/outbox');
    return await photoChangesWaiting(uid);
  } catch {
    return 0;
  }
}

/**
 * Log Out wipes this device's copy of the user's data and photos (shared tablets). Changes not yet pushed, and
 * photos not yet uploaded that no waiting change stands for, would go with it, so the user is asked first; with
 * nothing waiting, it signs out at once.
 */
export function useSignOut(): () => Promise<void> {
  const { user, signOut } = useAuth();
  const pending = useSyncState()?.pending ?? 0;
  const uid = user?.uid;
  return useCallback(async () => {
    const waiting = pending + (await photosWaiting(uid));
    if (waiting > 0 && !window.confirm(UI.auth.pendingSignOut(waiting))) return;
    await signOut();
  }, [pending, uid, signOut]);
}
