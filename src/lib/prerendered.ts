/**
 * The data a pre-rendered page was drawn with (src/domain/page-contract.ts, docs/first-paint.md), in the app: the
 * server hands it to its render through a context, and to the browser in a `<script type="application/json">`.
 */
import { createContext, useContext } from 'react';
import { PRERENDER_DATA_ID, type PrerenderData } from '../domain/page-contract';

export type { PrerenderData };

export const PrerenderContext = createContext<PrerenderData | null>(null);

/** The data of the pre-rendered page this app started from; null when it started from the shell. */
export function usePrerendered(): PrerenderData | null {
  return useContext(PrerenderContext);
}

/** In the browser: the server's data, or null on the service worker's shell (no data block). */
export function readPrerendered(doc: Document = document): PrerenderData | null {
  const text = doc.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PrerenderData;
    return data && typeof data === 'object' && 'user' in data ? data : null;
  } catch {
    return null;
  }
}
