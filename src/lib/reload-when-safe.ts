/**
 * A new version of the app reloads the page only when that loses nothing the user is doing. On a cheap phone the new
 * version's files take a while to arrive, so the switch comes well after the app opened, often mid-form.
 */

/** Forms (or fields outside a form) typed into since they were last sent, while they are on the page. */
const edited = new Set<Element>();
let watched: Document | null = null;

/** What counts as the user's own work: what they typed or chose, not a file (photos go to the outbox at once). */
function isWork(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  if (target instanceof HTMLInputElement) return target.type !== 'file';
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Starts noting edits: a form typed into and not yet sent (Daftar, Masuk, the profile) is unsaved work even when no
 * field has focus, e.g. once the customer tapped beside the keyboard to read the page.
 */
export function watchEdits(doc: Document = document): void {
  if (watched === doc) return;
  watched = doc;
  edited.clear();
  doc.addEventListener('input', (e) => isWork(e.target) && edited.add(e.target.form ?? e.target), true);
  const sent = (e: Event) => e.target instanceof Element && edited.delete(e.target);
  doc.addEventListener('submit', sent, true);
  doc.addEventListener('reset', sent, true);
}

function unsavedEdits(): boolean {
  for (const el of edited) if (!el.isConnected) edited.delete(el);
  return edited.size > 0;
}

/** Nothing would be lost: no dialog is open (a wizard, a form popup, the payment screen), no field has focus, no form holds unsent edits. */
export function safeToReload(doc: Document = document): boolean {
  if (doc.querySelector('dialog[open]')) return false;
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]')) return false;
  return !unsavedEdits();
}

/** Runs `reload` (a reload, or telling the new version to take over) now if that loses nothing, else as soon as it does. */
export function reloadWhenSafe(reload: () => void = () => window.location.reload(), everyMs = 1000): void {
  if (safeToReload()) return reload();
  const timer = setInterval(() => {
    if (!safeToReload()) return;
    clearInterval(timer);
    reload();
  }, everyMs);
}
