import { describe, expect, it } from 'vitest';
import { spokenSyncText, syncLabel } from './sync-chip';

const state = (over: Partial<NonNullable<Parameters<typeof syncLabel>[1]>> = {}) => ({
  online: true, syncing: false, pending: 0, lastError: null, lastSyncedAt: 1, leader: true, elected: true, ...over,
});

describe('sync chip', () => {
  it('when the device is offline with unsent changes, then it says so and how many wait', () => {
    expect(syncLabel(false, state({ pending: 2 }))).toEqual({ text: 'Offline · 2 perubahan menunggu', kind: 'offline' });
    expect(syncLabel(false, state())).toEqual({ text: 'Offline', kind: 'offline' });
  });
  it('when the phone has a network but the server does not answer, then it says the server cannot be reached, not Offline', () => {
    expect(syncLabel(true, state({ online: false, pending: 1, lastError: 'fetch failed' }))).toEqual({
      text: 'Server tak terjangkau · 1 menunggu',
      kind: 'offline',
    });
    expect(syncLabel(true, state({ online: false, lastError: 'fetch failed' }))?.text).toBe('Server tak terjangkau');
  });
  it('when online, then syncing, waiting changes, an error or synced show in that order of urgency', () => {
    expect(syncLabel(true, state({ syncing: true, pending: 1 }))?.text).toBe('Menyinkronkan…');
    expect(syncLabel(true, state({ pending: 1 }))?.text).toBe('1 perubahan menunggu');
    expect(syncLabel(true, state({ lastError: 'Server tidak menjawab' }))?.kind).toBe('error');
    expect(syncLabel(true, state())?.text).toBe('Tersinkron');
  });
  it('when the election of the tab that syncs is still running, then it says Menyinkronkan…, not that another tab syncs', () => {
    expect(syncLabel(true, state({ leader: false, elected: false, lastSyncedAt: null }))).toEqual({ text: 'Menyinkronkan…', kind: 'syncing' });
  });
  it('when another tab replicates, then this tab says so, or how many changes wait', () => {
    expect(syncLabel(true, state({ leader: false, lastSyncedAt: null }))).toEqual({ text: 'Disinkronkan di tab lain', kind: 'synced' });
    expect(syncLabel(true, state({ leader: false, pending: 3 }))?.text).toBe('3 perubahan menunggu');
  });
});

describe('what the sync status says aloud', () => {
  it("when a write syncs, then the passing 'Menyinkronkan…' is not said: the status keeps 'Tersinkron' (said once), and Offline or waiting changes are said", () => {
    const synced = syncLabel(true, state());
    const syncing = syncLabel(true, state({ syncing: true }));
    expect(spokenSyncText(synced, '')).toBe('Tersinkron');
    expect(spokenSyncText(syncing, 'Tersinkron')).toBe('Tersinkron');
    expect(spokenSyncText(syncing, '')).toBe('');
    expect(spokenSyncText(syncLabel(false, state({ pending: 1 })), 'Tersinkron')).toBe('Offline · 1 perubahan menunggu');
    expect(spokenSyncText(syncLabel(true, state({ lastError: 'Server tidak menjawab' })), 'Tersinkron')).toBe('Server tidak menjawab');
  });
});
