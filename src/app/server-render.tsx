/**
 * The server's pre-rendering of a page (docs/first-paint.md): the same routes and providers as the browser,
 * drawn to HTML for `data` (who asks, and on /products the visible catalogue). Imported by the sync server
 * only (sync-server/pages/), never by the browser bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { PrerenderData } from '../lib/prerendered';
import { AppProviders } from './app';
import { routes } from './routes';

const handler = createStaticHandler(routes);

/** The app's HTML at `url`, or null when that route draws nothing of its own (a redirect, an error). */
export async function renderAppHtml(url: string, data: PrerenderData): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders prerendered={data}>
        {/* hydrate={false}: React Router's own hydration script is inline, which the CSP refuses. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
