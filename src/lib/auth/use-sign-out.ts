import { useCallback } from 'react';
import { UI } from '../../domain/ui-text';
import { useSyncState } from '../db/database-context';
import { useAuth } from './auth-context';

/**
 * Log Out wipes this device's copy of the user's data (shared tablets). Changes not yet pushed would go
 * with it, so the user is asked first; with nothing waiting, it signs out at once.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const pending = useSyncState()?.pending ?? 0;
  return useCallback(async () => {
    if (pending > 0 && !window.confirm(UI.auth.pendingSignOut(pending))) return;
    await signOut();
  }, [pending, signOut]);
}
