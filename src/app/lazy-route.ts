import type { ComponentType } from 'react';
import { UI } from '../domain/ui-text';

/** Lazy chunks give up after 120 seconds, as the original app's did (docs/architecture.md, "The PWA's code"). */
const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** A route's `lazy`: loads the screen's chunk, reporting a failure as 'Loading chunk N failed'. */
export function lazyRoute(name: string, load: () => Promise<ComponentType>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await withTimeout(load(), CHUNK_TIMEOUT_MS) };
    } catch (err) {
      throw new ChunkLoadError(UI.error.chunk(name), { cause: err });
    }
  };
}
