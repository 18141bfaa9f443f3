/**
 * Nothing the user is doing would be lost by a reload: no dialog is open (a wizard, a form popup, the payment
 * screen) and no field has focus. On a cheap phone the new version's files take a while to arrive, so the switch
 * comes well after the app opened, often while the customer is typing an address.
 */
export function safeToReload(doc: Document = document): boolean {
  if (doc.querySelector('dialog[open]')) return false;
  const active = doc.activeElement;
  return !(active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]'));
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
