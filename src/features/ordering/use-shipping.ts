/**
 * Isi Data's state: the customer's shipping draft, kept on the device as they pick it, and the choice it makes once
 * complete, computed from the draft and the courier's answer (with its server-signed quote). The wizard that owns
 * the draft asks for both and hands them to the form (shipping-form.tsx), so the choice is never copied into the
 * wizard's state from the form.
 */
import { useState } from 'react';
import settings from '../../../shop.settings.json';
import type { ShippingChoice } from '../../domain/order';
import { chargedWeight, isEstimate } from '../../domain/shipping';
import { UI } from '../../domain/ui-text';
import { useShippingCosts } from '../../lib/shipping/hooks';

const T = UI.order;

/** What the customer has picked so far (the choice without its quoted cost yet); region fields hold 'id|name'. */
export type ShippingDraft = Omit<ShippingChoice, 'ongkir' | 'quote'> & { bubbleWrap: boolean };

const emptyShippingDraft = (alamat: string): ShippingDraft => ({
  provinsi: '', city: '', subdistrict: '', alamat, kurir: '', pengiriman: '', bubbleWrap: true,
});

/** Where the shipping draft is kept on the device: one per account, shared by the wizards (a destination is the customer's, not a product's). */
export const shippingDraftKey = (uid: string): string => `jepret.draft.shipping.${uid}`;

function loadShippingDraft(key: string): ShippingDraft | null {
  if (!key) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ShippingDraft> | null;
    const texts = [saved?.provinsi, saved?.city, saved?.subdistrict, saved?.alamat, saved?.kurir, saved?.pengiriman];
    if (saved && texts.every((t) => typeof t === 'string') && typeof saved.bubbleWrap === 'boolean') return saved as ShippingDraft;
  } catch {
    // A damaged draft is only a draft.
  }
  return null;
}

/**
 * A wizard's shipping draft. The profile's address fills it once, when it is first known (the profile may load
 * after the wizard opens); after that the box is the customer's: cleared to type another address, it stays empty.
 * With a `key` (the account's, `shippingDraftKey`), what the customer picks is kept on the device as they pick it,
 * so a reload, a closed browser or a closed wizard finds the destination, courier and service again (the quote comes
 * back from the shipping client's cache, offline too). `clear` forgets it once the order is placed.
 */
export function useShippingDraft(address: string, key = ''): [ShippingDraft, (draft: ShippingDraft) => void, () => void] {
  const [state, setState] = useState(() => {
    const saved = loadShippingDraft(key);
    return { draft: saved ?? emptyShippingDraft(address), prefilled: saved !== null || address !== '' };
  });
  if (!state.prefilled && address) {
    setState(({ draft }) => ({ draft: draft.alamat ? draft : { ...draft, alamat: address }, prefilled: true }));
  }
  const setDraft = (draft: ShippingDraft) => {
    // Saved only when the customer changes something: a draft saved untouched would keep an address the profile has
    // not loaded yet.
    if (key) localStorage.setItem(key, JSON.stringify(draft));
    setState((s) => ({ ...s, draft }));
  };
  const clear = () => {
    if (key) localStorage.removeItem(key);
  };
  return [state.draft, setDraft, clear];
}

/** The id of an 'id|name' region. */
export const idOf = (value: string): string => value.split('|')[0] ?? '';

/**
 * The shop's city, whichever shipping provider the server uses: the built-in table's region code or
 * RajaOngkir's city id (the two never collide: 4 digits against at most 3).
 */
export const isShopCity = (cityId: string): boolean =>
  cityId !== '' && [settings.shipping.local.shopCityId, settings.shipping.rajaongkir.shopCityId].includes(cityId);

/** What is still to fill before the choice is complete, by the form's own labels, in the form's order. */
export function missingShippingFields(draft: ShippingDraft): string[] {
  const fields: Array<[string, boolean]> = [
    [T.province, !draft.provinsi],
    [T.city, !draft.city],
    [T.district, !draft.subdistrict],
    [T.address, !draft.alamat.trim()],
    [T.courier, !draft.kurir],
    [T.service, !draft.pengiriman],
  ];
  return fields.filter(([, missing]) => missing).map(([label]) => label);
}

/**
 * The courier's services to the draft's destination for a parcel of `weight` grams, and the choice the draft makes
 * with them: its service's cost and quote, or null while anything is missing (or the quote for this weight is still
 * on its way). Couriers charge per started kilogram: a quote for the whole kilogram covers any parcel up to it (the
 * server accepts a quote for at least the weight), and one kept quote serves every order of that kilogram.
 */
export function useShippingQuote(draft: ShippingDraft, weight: number) {
  const costs = useShippingCosts({
    destination: idOf(draft.subdistrict) || undefined,
    destinationCity: idOf(draft.city) || undefined,
    destinationProvince: idOf(draft.provinsi) || undefined,
    courier: draft.kurir || undefined,
    weight: chargedWeight(weight),
  });
  const services = costs.data?.[0]?.costs ?? [];
  /** Priced from the shop's tariff table while the courier's live price is not to be had: the form says so. */
  const estimate = costs.data !== null && isEstimate(costs.data);
  const service = services.find((s) => s.service === draft.pengiriman);
  const line = service?.cost[0];
  const complete = draft.subdistrict && draft.kurir && line?.quote && draft.alamat.trim();
  const choice: ShippingChoice | null = complete
    ? {
        provinsi: draft.provinsi,
        city: draft.city,
        subdistrict: draft.subdistrict,
        alamat: draft.alamat.trim(),
        kurir: draft.kurir,
        pengiriman: draft.pengiriman,
        ongkir: line.value,
        quote: line.quote!,
      }
    : null;
  return { costs, services, service, choice, estimate };
}
export type ShippingQuote = ReturnType<typeof useShippingQuote>;
