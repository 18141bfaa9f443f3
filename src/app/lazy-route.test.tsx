import { describe, expect, it } from 'vitest';
import { ChunkLoadError, lazyRoute } from './lazy-route';

describe('lazy routes', () => {
  it('when a chunk loads, then its component is the route component', async () => {
    const Page = () => null;
    await expect(lazyRoute('products', async () => Page)()).resolves.toEqual({ Component: Page });
  });

  it('when a chunk fails to load, then the error reads "Loading chunk N failed" (ChunkLoadError)', async () => {
    const failing = lazyRoute('products', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const err = await failing().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).name).toBe('ChunkLoadError');
    expect((err as Error).message).toBe('Loading chunk products failed');
  });
});
