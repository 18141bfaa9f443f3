import { act, renderHook } from '@testing-library/react';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signOut = vi.fn(async () => undefined);
let pending = 0;
vi.mock('./auth-context', () => ({ useAuth: () => ({ user: { uid: 'sari-uid' }, signOut }) }));
/** The outbox in an IndexedDB of its own (fake-indexeddb): photos are added through its own API. */
const outbox = await import('../photos/outbox');
vi.mock('../db/database-context', () => ({
  useSyncState: () => ({ online: false, syncing: false, pending, lastError: null, lastSyncedAt: null, leader: true, elected: true }),
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

  it('when only a profile photo waits to upload (offline), then Log Out asks too, and a photo of another account does not count', async () => {
    pending = 0;
    const photo = { blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), width: 1200, height: 1600 } as never;
    const mine = await outbox.addPhoto('sari-uid', photo, Date.now(), { collection: 'users', id: 'sari-uid', field: 'pict' });
    await outbox.addPhoto('budi-uid', photo, Date.now(), { collection: 'users', id: 'budi-uid', field: 'pict' });
    // A photo an order stands for is counted with that order, not again here.
    await outbox.addPhoto('sari-uid', photo);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { result } = renderHook(() => useSignOut());
    await act(() => result.current());
    expect(confirm.mock.calls[0]?.[0]).toContain('1 perubahan Anda belum terkirim');
    expect(signOut).not.toHaveBeenCalled();

    await outbox.updatePhoto(mine.id, { status: 'done', url: '/images/2026/11/22/1763800000-abcdefghij.jpg' });
    confirm.mockClear();
    await act(() => result.current());
    expect(confirm).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('when 2 changes wait and the user confirms, then it signs out', async () => {
    pending = 2;
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { result } = renderHook(() => useSignOut());
    await act(() => result.current());
    expect(signOut).toHaveBeenCalledOnce();
  });
});
