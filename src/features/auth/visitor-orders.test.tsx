import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The database manager and the photo outbox are the browser's (IndexedDB, RxDB): here their events are fired by hand.
const dbListeners = new Set<() => void>();
const outboxListeners = new Set<() => void>();
const openDatabase = vi.fn(() => Promise.resolve({}));
vi.mock('../../lib/db/db-manager', () => ({
  databaseName: (uid: string | null) => (uid ? `jepret-${uid}` : 'jepret'),
  openDatabase: () => openDatabase(),
  subscribeDb: (l: () => void) => {
    dbListeners.add(l);
    return () => dbListeners.delete(l);
  },
}));
vi.mock('../../lib/photos/outbox', () => ({
  subscribeOutbox: (l: () => void) => {
    outboxListeners.add(l);
    return () => outboxListeners.delete(l);
  },
}));

const { sendVisitorOrders, visitorOrdersWaiting } = await import('./visitor-orders');

const KEY = 'jepret.pending.jepret.custom';
const fire = (set: Set<() => void>) => [...set].forEach((l) => l());
/** Settles after `ms`, or says it is still waiting. */
const within = <T,>(p: Promise<T>, ms: number) => Promise.race([p.then(() => 'done'), new Promise((r) => setTimeout(() => r('waiting'), ms))]);

beforeEach(() => {
  localStorage.clear();
  openDatabase.mockClear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  expect(dbListeners.size + outboxListeners.size).toBe(0);
});

describe('sending a visitor\'s waiting custom orders before signing in', () => {
  it('when nothing waits, then it returns at once without opening the database', async () => {
    const heard: number[] = [];
    await sendVisitorOrders((n) => heard.push(n));
    expect(heard).toEqual([]);
    expect(openDatabase).not.toHaveBeenCalled();
    // An account's waiting changes are not the visitor's.
    localStorage.setItem('jepret.pending.jepret-u1.custom', JSON.stringify({ a: 1 }));
    expect(visitorOrdersWaiting()).toBe(0);
    // A damaged record only loses the count.
    localStorage.setItem(KEY, '{"a": 1');
    expect(visitorOrdersWaiting()).toBe(0);
  });

  it('when two orders wait, then it opens the visitors\' database, counts them down, and returns once none waits', async () => {
    localStorage.setItem(KEY, JSON.stringify({ a: 1, b: 2 }));
    const heard: number[] = [];
    const sending = sendVisitorOrders((n) => heard.push(n));
    expect(await within(sending, 50)).toBe('waiting');
    expect(openDatabase).toHaveBeenCalledTimes(1);
    localStorage.setItem(KEY, JSON.stringify({ b: 2 }));
    fire(dbListeners);
    expect(await within(sending, 50)).toBe('waiting');
    localStorage.removeItem(KEY);
    fire(dbListeners);
    expect(await within(sending, 50)).toBe('done');
    expect(heard).toEqual([2, 1]);
  });

  it('when another tab sends them, then its storage event ends the wait', async () => {
    localStorage.setItem(KEY, JSON.stringify({ a: 1 }));
    const sending = sendVisitorOrders(() => undefined);
    expect(await within(sending, 50)).toBe('waiting');
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(await within(sending, 50)).toBe('done');
  });

  it('when the connection drops during the wait, then it keeps waiting, however long, and the stall clock starts again once online', async () => {
    localStorage.setItem(KEY, JSON.stringify({ a: 1 }));
    let done = false;
    const sending = sendVisitorOrders(() => undefined, 30_000).then(() => (done = true));
    await vi.waitFor(() => expect(outboxListeners.size).toBe(1));
    vi.useFakeTimers();
    try {
      await vi.advanceTimersByTimeAsync(10_000);
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(done).toBe(false);
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(done).toBe(false);
      // Back online the orders go: the wait ends as soon as none waits.
      localStorage.removeItem(KEY);
      fire(dbListeners);
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await sending;
  });

  it('when the device is offline already, then it returns at once without opening the database', async () => {
    localStorage.setItem(KEY, JSON.stringify({ a: 1 }));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await sendVisitorOrders(() => undefined);
    expect(openDatabase).not.toHaveBeenCalled();
    expect(visitorOrdersWaiting()).toBe(1);
  });

  it('when nothing moves for the stall time, then it gives up; a photo\'s upload progress counts as moving', async () => {
    localStorage.setItem(KEY, JSON.stringify({ a: 1 }));
    let done = false;
    const sending = sendVisitorOrders(() => undefined, 30_000).then(() => (done = true));
    await vi.waitFor(() => expect(outboxListeners.size).toBe(1));
    vi.useFakeTimers();
    try {
      // Upload progress every 20 s keeps it waiting for two minutes, past the 30 s stall time.
      for (let i = 0; i < 6; i++) {
        await vi.advanceTimersByTimeAsync(20_000);
        fire(outboxListeners);
      }
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await sending;
    expect(visitorOrdersWaiting()).toBe(1);
  });
});
