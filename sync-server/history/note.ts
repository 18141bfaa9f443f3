/**
 * The admin's internal note on an order, checked on the server beyond its shape (src/domain/access.ts): it names an
 * order or a custom order the shop has, and its date is the tablet's (a note written offline keeps when it was
 * written) but never later than now.
 */
import type { MessageCode } from '../../src/domain/messages';
import type { ClientDoc, Store } from '../data-access/store';

export async function checkNote(store: Store, note: ClientDoc, now = Date.now()): Promise<{ ok: true; doc: ClientDoc } | { ok: false; code: MessageCode }> {
  const id = String(note.orderId);
  if (!(await store.get('transactions', id)) && !(await store.get('custom', id))) return { ok: false, code: 'note_invalid' };
  const detail = note.detail as { text: string };
  return { ok: true, doc: { ...note, at: Math.min(Number(note.at), now), detail: { text: detail.text.trim() } } };
}
