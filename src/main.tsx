import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/routes';
import { readPrerendered, type PrerenderData } from './lib/prerendered';
import { registerServiceWorker } from './lib/pwa';
import './styles/app.css';

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

/** The page the server pre-rendered (docs/first-paint.md) comes alive without being drawn again. */
async function hydrate(container: HTMLElement, prerendered: PrerenderData): Promise<void> {
  try {
    await loadMatchedScreens();
  } catch {
    // The screen's chunk did not load: draw on the client, where the route shows its own error.
    render(container);
    return;
  }
  const router = createBrowserRouter(routes);
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

const container = document.getElementById('root')!;
const prerendered = readPrerendered();
// The service worker's shell (offline, and every visit once it is installed) has an empty root: draw it here.
if (prerendered && container.firstElementChild) void hydrate(container, prerendered);
else render(container);
registerServiceWorker();
