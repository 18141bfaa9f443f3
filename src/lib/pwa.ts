import { reloadWhenSafe, watchEdits } from './reload-when-safe';

/**
 * Registers the service worker from our own module (the server's CSP allows no inline script).
 * Loaded after the page has loaded, so it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  watchEdits();
  const register = () =>
    import('virtual:pwa-register')
      .then(({ registerSW }) => {
        // The library tells a new version twice (installed, then waiting): one wait for a safe moment is enough.
        const once = (run: () => void) => {
          let done = false;
          return () => {
            if (done) return;
            done = true;
            run();
          };
        };
        const update = registerSW({
          immediate: true,
          // The shop deployed a new version: it takes over once reloading loses nothing the customer is doing, and
          // the page reloads into it (on a first visit the library would not: it reloads only pages it found controlled).
          onNeedRefresh: once(() =>
            reloadWhenSafe(() => {
              navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
              void update(true);
            }),
          ),
          // It took over (from this tab or another): the page reloads, since its lazy chunks are gone from the new
          // cache; in another tab, again only once that loses nothing.
          onNeedReload: once(() => reloadWhenSafe()),
        });
      })
      .catch((err: unknown) => console.error(err));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', register, { once: true });
}
