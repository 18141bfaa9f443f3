/**
 * Stands in for the `unload` package in the browser build (vite.config.ts `resolve.alias`). RxDB's leader
 * election (through broadcast-channel) registers its "this tab is going away" cleanup with `unload`, which
 * listens to the `unload` event: deprecated, and it keeps every page out of the back/forward cache
 * (Lighthouse: a deprecation in best practices, and "bf-cache refused").
 *
 * Here the cleanup runs on `pagehide`, which fires wherever `unload` did and also when the page is only
 * frozen into the back/forward cache. A frozen tab must not keep the leadership (the other tabs would wait
 * for it and nobody would replicate), so the cleanup runs then too: the leader hands over at once. A page that
 * comes back from that cache after its cleanup ran has a dead elector and a closed sync, so it reloads: what
 * going back did before, when the `unload` listener kept such pages out of the cache. Pages that never
 * opened the database (the landing page) have nothing registered and are restored as they are.
 * Same API as `unload` 2.
 */
type Listener = () => unknown;

const listeners = new Set<Listener>();
let listening = false;
let cleanedUp = false;

export function runAll(): Promise<unknown[]> {
  const pending = [...listeners].map((fn) => {
    listeners.delete(fn);
    return fn();
  });
  return Promise.all(pending);
}

function listen(): void {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('pagehide', () => {
    if (listeners.size === 0) return;
    cleanedUp = true;
    void runAll();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && cleanedUp) window.location.reload();
  });
}

export function add(fn: Listener): { remove(): boolean; run(): unknown } {
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  listen();
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function removeAll(): void {
  listeners.clear();
}

export function getSize(): number {
  return listeners.size;
}
