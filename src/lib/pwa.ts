/**
 * Registers the service worker from our own module (the server's CSP allows no inline script).
 * Loaded after the page has loaded, so it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    import('virtual:pwa-register')
      .then(({ registerSW }) => registerSW({ immediate: true }))
      .catch((err: unknown) => console.error(err));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
