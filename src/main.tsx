/**
 * The entry, kept tiny on purpose: a page the server pre-rendered paints before any of the app's JavaScript is
 * fetched or run, so on a slow phone the script's download and evaluation never hold back the first paint
 * (docs/first-paint.md). Then the app starts (src/app/start.tsx).
 *
 * Until then the pre-rendered buttons have no handlers: a press is held here and pressed again once the app
 * has taken the page over (React finishes hydrating what was pressed first). Links need no help: they work
 * as plain links to pages the server draws.
 */
import './styles/app.css';

const held: HTMLElement[] = [];
function hold(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.includes(button)) held.push(button);
}
document.addEventListener('click', hold, true);

/**
 * Resolves once the browser reports the page's first contentful paint (or after a second: a hidden tab paints
 * nothing, and an old browser may not report it). Only then is the app's code fetched, so its download does
 * not compete with the page's own bytes for a slow connection.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      observer?.disconnect();
      resolve();
    };
    const fallback = setTimeout(done, 1000);
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the fallback starts the app.
    }
  });
}

// The service worker's shell has nothing to paint before the app draws it: start at once. (The id is
// PRERENDER_DATA_ID of src/domain/page-contract.ts, written out: importing anything the app also imports would
// make this entry load the app's chunk before the first paint.)
if (document.getElementById('jepret-prerender')) await afterFirstContentfulPaint();
const app = import('./app/start');
// Done here, while the app's chunk is on its way, rather than inside the tasks that start the app: the first use of
// Intl loads ICU's data (10-20 ms on a fast machine, several times that on a phone), which every price needs; the
// first touch of sessionStorage (the router's) and localStorage (the visitor's id) each waits for the browser
// process to hand the page its storage.
new Intl.NumberFormat('id-ID');
try {
  void (sessionStorage.length + localStorage.length);
} catch {
  // Storage refused (a privacy setting): the app copes, as it would without this.
}
const { start } = await app;
// Evaluating the app's chunk (React DOM, React Router, the shell) is one long task already; starting the app
// (routes, the screen's chunk, hydration) waits for the next one, so a tap in between is answered.
await new Promise((resolve) => setTimeout(resolve, 0));
await start();
document.removeEventListener('click', hold, true);
for (const button of held.splice(0)) if (button.isConnected) button.click();
// A pre-rendered page names its manifest only now (HELD_MANIFEST_REL of src/domain/page-contract.ts, written out for
// the same reason as the data block's id): fetched earlier, it and its icon competed with the page's first paint.
// A new element, not the old one's rel changed: Chromium checks installability again only for a link added.
const heldManifest = document.querySelector('link[rel="jepret-manifest"]');
if (heldManifest) {
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = heldManifest.getAttribute('href')!;
  heldManifest.replaceWith(manifest);
}
