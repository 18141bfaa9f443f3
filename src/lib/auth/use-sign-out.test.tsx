import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signOut = vi.fn(async () => undefined);
let pending = 0;
vi.mock('./auth-context', () => ({ useAuth: () => ({ signOut }) }));
vi.mock('../db/database-context', () => ({
  useSyncState: () => ({ online: false, syncing: false, pending, lastError: null, lastSyncedAt: null, leader: true }),
}));
const { useSignOut } = await import('./use-sign-out');

describe('Log Out with changes not yet sent', () => {
  beforeEach(() => signOut.mockClear());
  afterEach(() => vi.restoreAllMocks());

  it('when nothing waits, then it signs out without asking', async () => {
    pending = 0;
    const confirm = vi.spyOn(window, 'confirm');
    const { result } = renderHook(() => useSignOut());
    await act(() => result.current());
    expect(confirm).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('when 2 changes wait and the user cancels, then nothing is signed out or wiped', async () => {
    pending = 2;
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { result } = renderHook(() => useSignOut());
    await act(() => result.current());
    expect(confirm.mock.calls[0]?.[0]).toContain('2 perubahan Anda belum terkirim');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('when 2 changes wait and the user confirms, then it signs out', async () => {
    pending = 2;
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { result } = renderHook(() => useSignOut());
    await act(() => result.current());
    expect(signOut).toHaveBeenCalledOnce();
  });
});
