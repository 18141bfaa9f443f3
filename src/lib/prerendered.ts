/**
 * What the server drew a pre-rendered page with (docs/first-paint.md): the same data must draw the first
 * client render, or hydration would not match. The server hands it to the render through a context, and
 * to the browser in a `<script type="application/json">` (data, not code: the CSP allows it).
 */
import { createContext, useContext } from 'react';
import type { GoodsDoc } from '../domain/schemas';
import type { AuthUser } from './auth/auth-context';

/** The id of the data block; src/main.tsx looks for it by this name too. */
export const PRERENDER_DATA_ID = 'jepret-prerender';

/**
 * The `rel` a pre-rendered page's manifest link has until the app has started (src/main.tsx, which looks for it by
 * this name too, puts a real manifest link in its place then): a browser ignores a link it does not know, so the
 * manifest and its icon are not fetched while the page paints (docs/first-paint.md).
 */
export const HELD_MANIFEST_REL = 'jepret-manifest';

export interface PrerenderData {
  /** Who the page was drawn for (the session cookie), null for a visitor. */
  user: AuthUser | null;
  /** The visible catalogue, on /products only. */
  goods?: GoodsDoc[];
}

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

/** The data block as HTML; `<` escaped so no value can close the script element. */
export function prerenderDataScript(data: PrerenderData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDER_DATA_ID}">${json}</script>`;
}
