/**
 * Starts the app in the browser: brings a page the server pre-rendered to life (hydration), or draws the
 * service worker's shell, whose root is empty (offline, and every visit once the worker is installed).
 * Loaded by src/main.tsx after the first paint.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { readPrerendered, type PrerenderData } from '../lib/prerendered';
import { registerServiceWorker } from '../lib/pwa';
import { App } from './app';
import { routes } from './routes';

type LazyRoute = () => Promise<Record<string, unknown>>;

/** Hydration must draw exactly what the server drew: load the lazy screen of this URL before it starts. */
async function loadMatchedScreens(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const screen = await (route.lazy as LazyRoute)();
      Object.assign(route, { ...screen, lazy: undefined });
    }),
  );
}

function render(container: HTMLElement): void {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} prerendered={null} />
    </StrictMode>,
  );
}

async function hydrate(container: HTMLElement, prerendered: PrerenderData): Promise<void> {
  try {
    await loadMatchedScreens();
  } catch {
    // The screen's chunk did not load: draw on the client, where the route shows its own error.
    render(container);
    return;
  }
  // Evaluating the screen's chunk is a task of its own; creating the router and hydrating wait for the next one, so
  // a tap in between is answered (the same reason src/main.tsx waits once after the app's chunk).
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Hydration data (none: no route has a loader) tells the router the page came from the server, so it does not
  // scroll back to the top a visitor who already scrolled the painted page.
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  // A transition lets React hydrate in slices, leaving the main thread free between them.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} prerendered={prerendered} />
      </StrictMode>,
    );
  });
}

/** Resolves once React has the page: hydration (or drawing) has begun and React handles its events. */
export async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const prerendered = readPrerendered();
  registerServiceWorker();
  if (prerendered && container.firstElementChild) await hydrate(container, prerendered);
  else render(container);
}
