/**
 * What a page the server draws and the app that takes it over agree on (docs/first-paint.md): who the page was
 * drawn for and with what data, the ids and names both sides look for, and what a built entry must not do to be
 * inlined. The server (sync-server/pages/), the build (vite.config.ts) and the app (src/lib/prerendered.ts,
 * src/main.tsx) read them here, so the two sides cannot drift apart.
 */
import type { GoodsDoc } from './schemas';

/** Who is signed in, as the server answers it (/api/auth/me) and the app keeps it. */
export interface AuthUser {
  uid: string;
  email: string;
  username: string;
  admin: boolean;
}

/** What the server drew a pre-rendered page with: the same data must draw the first client render, or hydration would not match. */
export interface PrerenderData {
  /** Who the page was drawn for (the session cookie), null for a visitor. */
  user: AuthUser | null;
  /** The visible catalogue, on /products only. */
  goods?: GoodsDoc[];
}

/** The id of the data block; src/main.tsx looks for it by this name too. */
export const PRERENDER_DATA_ID = 'jepret-prerender';

/**
 * The `rel` a pre-rendered page's manifest link has until the app has started (src/main.tsx, which looks for it by
 * this name too, puts a real manifest link in its place then): a browser ignores a link it does not know, so the
 * manifest and its icon are not fetched while the page paints (docs/first-paint.md).
 */
export const HELD_MANIFEST_REL = 'jepret-manifest';

/** The data block as HTML (data, not code: the CSP allows it); `<` escaped so no value can close the script element. */
export function prerenderDataScript(data: PrerenderData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDER_DATA_ID}">${json}</script>`;
}

/**
 * Whether a built entry still imports by a relative path (`./x.js`). Inline in a pre-rendered page
 * (sync-server/pages/template.ts) such an import would resolve against the page's URL, not the entry's folder:
 * the build (vite.config.ts) writes the entry's imports as absolute paths and fails if one is left, and the server
 * keeps an entry that has one as a file.
 */
export const importsByRelativePath = (code: string): boolean => /(?:\bimport\s*\(?|\bfrom)\s*["'`]\.\.?\//.test(code);
