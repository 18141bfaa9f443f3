/**
 * Pre-rendered pages (docs/first-paint.md): `/` and `/products` leave the server as real HTML, drawn by the
 * app's own components (src/app/server-render.tsx) for whoever asks, with the current catalogue on
 * /products, so they paint before any JavaScript arrives; the browser then hydrates them. Other pages get
 * the shell. The visitor's version of each page is cached until the goods or the build change; a signed-in
 * user's (their name in the navigation) is drawn for them.
 */
import type { Request } from 'express';
import type { PrerenderData } from '../../src/lib/prerendered';
import { currentUser } from '../auth/routes';
import type { Store } from '../data-access/store';
import { catalogueVersion, visibleGoods } from './catalogue';
import { createTemplateLoader } from './template';

const PAGES = { '/': { catalogue: false }, '/products': { catalogue: true } } as const;
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

  async function draw(req: Request, path: PagePath, data: PrerenderData): Promise<string | null> {
    const page = template();
    if (!page) return null;
    const render = await loadRenderer();
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
    const appHtml = await render(url.href, data);
    return appHtml === null ? null : page.fill(appHtml, data);
  }

  /** The page's HTML for this request, or null when it has no pre-rendered form (send the shell). */
  return async function prerender(req: Request): Promise<string | null> {
    if (!isPagePath(req.path)) return null;
    try {
      const { catalogue } = PAGES[req.path];
      const user = await currentUser(store, req);
      if (user) return await draw(req, req.path, { user, ...(catalogue ? { goods: await visibleGoods(store) } : {}) });
      const key = `${template()?.version}|${catalogue ? await catalogueVersion(store) : ''}`;
      const plain = !req.originalUrl.includes('?');
      const cached = visitorPages.get(req.path);
      if (plain && cached?.key === key) return cached.html;
      const html = await draw(req, req.path, { user: null, ...(catalogue ? { goods: await visibleGoods(store) } : {}) });
      if (html !== null && plain) visitorPages.set(req.path, { key, html });
      return html;
    } catch (err) {
      // A page that cannot be drawn still opens: the shell draws it in the browser.
      console.error('[prerender]', err instanceof Error ? err.stack : err);
      return null;
    }
  };
}
