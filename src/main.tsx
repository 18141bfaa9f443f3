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

/** Resolves once the browser has painted a frame (or after 100 ms: a hidden tab paints none). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    // A frame callback runs just before the paint; a task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

await afterFirstPaint();
const { start } = await import('./app/start');
await start();
document.removeEventListener('click', hold, true);
for (const button of held.splice(0)) if (button.isConnected) button.click();
