import { reloadWhenSafe } from './reload-when-safe';

// Apart from pwa.ts, whose virtual:pwa-register exists only in the app's build: the sync layer imports this one.

let lastCheck = 0;
const CHECK_EVERY_MS = 60_000;

/**
 * The server no longer speaks this app's sync protocol (src/domain/sync-protocol.ts): a new version is deployed. The
 * service worker is asked to look for it now (its install ends in the same safe reload as any update); without one,
 * the page reloads into the new version once that loses nothing. Asked at most once a minute, however often syncs fail.
 */
export function checkForNewVersion(): void {
  if (Date.now() - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = Date.now();
  if (!('serviceWorker' in navigator)) return reloadWhenSafe();
  void navigator.serviceWorker.getRegistration().then(async (registration) => {
    if (registration) await registration.update();
    else reloadWhenSafe();
  });
}
