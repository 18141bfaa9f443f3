/**
 * The built shell (dist/index.html) made into the template of pre-rendered pages: its stylesheet inlined
 * (the whole of it is about 4 KB compressed, so the first paint needs no second request), its entry script inlined
 * too and last, its manifest held until the app runs, then the page's data block and the app's HTML in the root.
 * Re-read when the build changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HELD_MANIFEST_REL, importsByRelativePath, prerenderDataScript, type PrerenderData } from '../../src/domain/page-contract';

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/[^"]+\.css)"[^>]*>/g;
const ROOT = '<div id="root"></div>';

export interface PageTemplate {
  /** Identifies this build of the shell (its modification time). */
  readonly version: number;
  /** The CSP sources ('sha256-…') of the scripts inlined in the page: the server's CSP allows no other inline script. */
  readonly scriptHashes: readonly string[];
  /** The shell with the app's HTML in its root, the data it was drawn from, and the page's title (as the app sets it). */
  fill(appHtml: string, data: PrerenderData, title: string): string;
}

const TITLE = /<title>[^<]*<\/title>/;
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(STYLESHEET, (tag, href: string) => {
    const file = path.join(distDir, path.normalize(href));
    if (!file.startsWith(distDir + path.sep)) return tag;
    try {
      return `<style>${readFileSync(file, 'utf8')}</style>`;
    } catch {
      return tag;
    }
  });
}

const SCRIPT_TAGS = /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g;
const ENTRY_SRC = /^<script type="module"[^>]*\bsrc="(\/assets\/[\w.-]+\.js)"[^>]*><\/script>$/;
/** What would end a script early once it sits in the page. */
const ENDS_SCRIPT = /<\/script|<!--/i;

const cspHash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * The entry (src/main.tsx, about 1.5 KB compressed) put in the page itself: it only waits for the first paint
 * and then asks for the app, so as a file it was one more request, on a phone's HTTP/1.1 one more connection,
 * racing the page's own images before the paint, and one more round trip before the app could be asked for.
 * The build writes its imports as absolute paths (vite.config.ts), so it means the same inline; a script that
 * does not, or cannot be read, stays a file (null here). The shell keeps the file (the service worker precaches it).
 */
function inlineEntry(tag: string, distDir: string, hashes: string[]): string | null {
  const src = ENTRY_SRC.exec(tag)?.[1];
  if (!src) return null;
  const file = path.join(distDir, path.normalize(src));
  if (!file.startsWith(distDir + path.sep)) return null;
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (importsByRelativePath(code) || ENDS_SCRIPT.test(code)) return null;
  hashes.push(cspHash(code));
  return `<script type="module">${code}</script>`;
}

/**
 * The app's scripts moved to the end of the body (the entry inlined, anything else at low priority): the page
 * paints without them (src/main.tsx waits for the first paint anyway), so on a slow connection the page's own
 * images are asked for first (the first of them then takes the connection the HTML came on).
 */
function scriptsAfterContent(html: string, distDir: string, hashes: string[]): string {
  const tags = (html.match(SCRIPT_TAGS) ?? [])
    .map((tag) => tag.trim())
    .map((tag) => inlineEntry(tag, distDir, hashes) ?? tag.replace(/^<(script|link)\b/, '<$1 fetchpriority="low"'));
  return html.replace(SCRIPT_TAGS, '').replace('</body>', `${tags.join('')}</body>`);
}

const MANIFEST_LINK = /<link\b([^>]*)\brel="manifest"/g;

/**
 * The web app manifest named under a `rel` the browser does not know until the app has started (src/main.tsx):
 * a browser fetches a page's manifest, and the icon it names, as soon as it sees the link, and before the first
 * paint those are two more connections on a phone's HTTP/1.1 for something the paint does not need. The page can
 * be installed once the app runs; the service worker's shell keeps the plain link.
 */
function manifestAfterStart(html: string): string {
  return html.replace(MANIFEST_LINK, `<link$1rel="${HELD_MANIFEST_REL}"`);
}

export function createTemplateLoader(distDir: string): () => PageTemplate | null {
  const shell = path.join(distDir, 'index.html');
  let cached: PageTemplate | null = null;
  return () => {
    let version: number;
    try {
      version = statSync(shell).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.version === version) return cached;
    const scriptHashes: string[] = [];
    const html = manifestAfterStart(scriptsAfterContent(inlineStylesheets(readFileSync(shell, 'utf8'), distDir), distDir, scriptHashes));
    const at = html.indexOf(ROOT);
    if (at < 0) return null;
    const before = html.slice(0, at);
    const after = html.slice(at + ROOT.length);
    cached = {
      version,
      scriptHashes,
      fill: (appHtml, data, title) =>
        `${before.replace(TITLE, `<title>${escapeText(title)}</title>`)}${prerenderDataScript(data)}<div id="root">${appHtml}</div>${after}`,
    };
    return cached;
  };
}
