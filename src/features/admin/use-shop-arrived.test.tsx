import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncState } from '../../lib/sync/start-sync';
import { useShopArrived } from './use-shop-arrived';

let sync: SyncState | null = null;
vi.mock('../../lib/db/database-context', () => ({ useSyncState: () => sync }));

const state = (over: Partial<SyncState>): SyncState => ({
  online: true, syncing: true, pending: 0, lastError: null, lastSyncedAt: null, leader: true, elected: true, ...over,
});

describe('whether an admin tab believes its empty list', () => {
  it('when the tab is still finding out which tab syncs, then an empty list is not believed (no "Total Pesanan 0" between two spinners)', () => {
    sync = state({ leader: false, elected: false });
    expect(renderHook(() => useShopArrived(true)).result.current).toBe(false);
  });

  it('when another tab syncs for this one, then the list is believed; with nothing synced yet, not', () => {
    sync = state({ leader: false, elected: true });
    expect(renderHook(() => useShopArrived(true)).result.current).toBe(true);
    sync = null;
    expect(renderHook(() => useShopArrived(true)).result.current).toBe(false);
  });

  it('when this tab syncs, then an empty list is believed once its first pulls are done, and a list with documents at once', () => {
    sync = state({ syncing: true });
    const { result, rerender } = renderHook(() => useShopArrived(true));
    expect(result.current).toBe(false);
    sync = state({ syncing: false, lastSyncedAt: 1 });
    rerender();
    expect(result.current).toBe(true);
    sync = state({ syncing: true });
    expect(renderHook(() => useShopArrived(false)).result.current).toBe(true);
  });
});
