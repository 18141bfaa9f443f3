/**
 * The per-device visitor identity ('CST…') the server issued for custom orders without an account. Kept in
 * localStorage so the app knows it offline (the signed cookie is what the server trusts); the photo uploader
 * and the custom-order screens follow it as it arrives.
 */
import { useSyncExternalStore } from 'react';

const VISITOR_KEY = 'jepret.visitorId';
/** Set at sign-up on a device that had a visitor identity: offer once to attach its custom orders. */
const ATTACH_OFFER_KEY = 'jepret.attachOffer';
const listeners = new Set<(id: string) => void>();

export function storedVisitorId(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(VISITOR_KEY);
}

export function storeVisitorId(id: string): void {
  if (storedVisitorId() === id) return;
  localStorage.setItem(VISITOR_KEY, id);
  for (const l of listeners) l(id);
}

export function onVisitorId(listener: (id: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor identity, live: it arrives from the server after the first page of a first visit. */
export function useVisitorId(): string | null {
  return useSyncExternalStore(onVisitorId, storedVisitorId, () => null);
}

export const offerAttach = (): void => localStorage.setItem(ATTACH_OFFER_KEY, '1');
export const attachOffered = (): boolean => typeof localStorage !== 'undefined' && localStorage.getItem(ATTACH_OFFER_KEY) === '1';
export const forgetAttachOffer = (): void => localStorage.removeItem(ATTACH_OFFER_KEY);
