/**
 * Pre-rendered pages (docs/first-paint.md): `/` and `/products` leave the server as real HTML, drawn by the
 * app's own components (src/app/server-render.tsx) for whoever asks, with the current catalogue on
 * /products, so they paint before any JavaScript arrives; the browser then hydrates them. Other pages get
 * the shell. The visitor's version of each page is cached until the goods or the build change; a signed-in
 * user's (their name in the navigation) is drawn for them.
 */
import type { Request } from 'express';
import { UI } from '../../src/domain/ui-text';
import type { PrerenderData } from '../../src/domain/page-contract';
import { currentUser } from '../auth/routes';
import type { Store } from '../data-access/store';
import { catalogueVersion, visibleGoods } from './catalogue';
import { createTemplateLoader } from './template';

/** The pages drawn here; `title` is the one the page sets once the app runs (useDocumentTitle), in the HTML already. */
const PAGES = {
  '/': { catalogue: false, title: UI.siteTitle },
  '/products': { catalogue: true, title: UI.pageTitle(UI.products.title) },
} as const;
type PagePath = keyof typeof PAGES;
const isPagePath = (p: string): p is PagePath => Object.hasOwn(PAGES, p);

type Renderer = typeof import('../../src/app/server-render').renderAppHtml;
let renderer: Promise<Renderer> | null = null;
/** React and the app's components load on the first page asked for, not with every server (or test) start. */
const loadRenderer = (): Promise<Renderer> => (renderer ??= import('../../src/app/server-render').then((m) => m.renderAppHtml));

export function createPrerenderer(distDir: string, store: Store) {
  const template = createTemplateLoader(distDir);
  /** Per page: the visitor's HTML and the build and catalogue it was drawn from. */
  const visitorPages = new Map<PagePath, { key: string; html: string }>();

  /** `url`: path and query as asked (the page's links are relative, so no host is needed). */
  async function draw(path: PagePath, url: string, data: PrerenderData): Promise<string | null> {
    const page = template();
    if (!page) return null;
    const render = await loadRenderer();
    const appHtml = await render(new URL(url, 'http://localhost').href, data);
    return appHtml === null ? null : page.fill(appHtml, data, PAGES[path].title);
  }

  const goodsFor = async (path: PagePath) => (PAGES[path].catalogue ? { goods: await visibleGoods(store) } : {});

  /** A visitor's page, drawn once per build and catalogue version. */
  async function visitorPage(path: PagePath, url: string): Promise<string | null> {
    const key = `${template()?.version}|${PAGES[path].catalogue ? await catalogueVersion(store) : ''}`;
    // A query string is drawn each time (the cache holds the plain page).
    const plain = url === path;
    const cached = visitorPages.get(path);
    if (plain && cached?.key === key) return cached.html;
    const html = await draw(path, url, { user: null, ...(await goodsFor(path)) });
    if (html !== null && plain) visitorPages.set(path, { key, html });
    return html;
  }

  // Load React and draw the visitors' pages now, not for the first visitor (a first render takes a second or
  // two on a busy machine, and the first visitor would wait for it). Failures show on the first real request.
  if (template()) {
    setImmediate(() => {
      void (async () => {
        for (const path of Object.keys(PAGES) as PagePath[]) await visitorPage(path, path);
      })().catch(() => undefined);
    });
  }

  /** The page's HTML for this request, or null when it has no pre-rendered form (send the shell). */
  async function render(req: Request): Promise<string | null> {
    if (!isPagePath(req.path)) return null;
    try {
      const user = await currentUser(store, req);
      if (user) return await draw(req.path, req.originalUrl, { user, ...(await goodsFor(req.path)) });
      return await visitorPage(req.path, req.originalUrl);
    } catch (err) {
      // A page that cannot be drawn still opens: the shell draws it in the browser.
      console.error('[prerender]', err instanceof Error ? err.stack : err);
      return null;
    }
  }

  return {
    render,
    /** For the CSP's script-src: the scripts the pages carry inline (their entry), as 'sha256-…' sources. */
    inlineScriptSources: (): string => template()?.scriptHashes.join(' ') ?? '',
  };
}
