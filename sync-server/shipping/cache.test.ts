import { describe, expect, it } from 'vitest';
import { cachedLoad, TtlCache } from './cache';

describe('shipping caches', () => {
  it('when an entry outlives its time, then it is gone; before, it is there', () => {
    let clock = 1_000_000;
    const cache = new TtlCache<string>(10, () => clock);
    cache.set('kota:33', 'list', 60_000);
    clock += 59_000;
    expect(cache.get('kota:33')).toBe('list');
    clock += 2_000;
    expect(cache.get('kota:33')).toBeUndefined();
  });

  it('when the cache is full, then the least recently used entry goes first', () => {
    const cache = new TtlCache<string>(2);
    cache.set('a', '1', 60_000);
    cache.set('b', '2', 60_000);
    cache.get('a');
    cache.set('c', '3', 60_000);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
  });

  it('when two callers ask at once, then one load serves both; a failed load is tried again', async () => {
    const cache = new TtlCache<Promise<number>>(10);
    let loads = 0;
    const load = async () => ++loads;
    const [x, y] = await Promise.all([cachedLoad(cache, 'k', 60_000, load), cachedLoad(cache, 'k', 60_000, load)]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    await expect(cachedLoad(cache, 'bad', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cachedLoad(cache, 'bad', 60_000, async () => 7)).toBe(7);
  });
});
