/**
 * Isi Data: where the parcel goes and how (spec sections 5, 7 and 9). Native selects for Provinsi, Kota,
 * Kecamatan, Kurir and Layanan (what a phone handles best), fed by the shipping hooks, which keep every list
 * and quote once seen: offline, a destination chosen before still works; a new one says it needs a connection.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import settings from '../../../shop.settings.json';
import { TEXT_MAX } from '../../domain/field-limits';
import { formatIDR, formatShippingCost } from '../../domain/format';
import type { ShippingChoice } from '../../domain/order';
import { BUBBLE_WRAP_FEE } from '../../domain/pricing';
import { chargeableKg, COURIER_NAMES, couriersFor, type Courier } from '../../domain/shipping';
import { UI } from '../../domain/ui-text';
import { useOnline } from '../../lib/use-online';
import { useCities, useDistricts, useProvinces, useShippingCosts } from '../../lib/shipping/hooks';

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

const idOf = (value: string): string => value.split('|')[0] ?? '';
const pair = (id: string, name: string): string => `${id}|${name}`;

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

interface ShippingFormProps {
  draft: ShippingDraft;
  onDraft(draft: ShippingDraft): void;
  /** Grams of the parcel: the quote must cover it. */
  weight: number;
  /** The chosen service with its signed quote, or null while incomplete. */
  onChoice(choice: ShippingChoice | null): void;
  children?: ReactNode;
}

export function ShippingForm({ draft, onDraft, weight, onChoice, children }: ShippingFormProps) {
  const online = useOnline();
  const provinces = useProvinces();
  const cities = useCities(idOf(draft.provinsi) || null);
  const districts = useDistricts(idOf(draft.city) || null);
  // Couriers charge per started kilogram: a quote for the whole kilogram covers any parcel up to it (the
  // server accepts a quote for at least the weight), and one kept quote serves every order of that kilogram.
  const costs = useShippingCosts({ destination: idOf(draft.subdistrict) || undefined, courier: draft.kurir || undefined, weight: chargeableKg(weight) * 1000 });
  const ids = { province: useId(), city: useId(), district: useId(), courier: useId(), service: useId(), address: useId(), bubble: useId() };
  const inShopCity = isShopCity(idOf(draft.city));
  // Bubble wrap is locked on unless the parcel stays in the shop's city (spec section 5).
  const locked = !inShopCity;
  const services = costs.data?.[0]?.costs ?? [];
  const service = services.find((s) => s.service === draft.pengiriman);
  const line = service?.cost[0];

  const set = (patch: Partial<ShippingDraft>) => onDraft({ ...draft, ...patch });
  const missing = missingShippingFields(draft);

  useEffect(() => {
    const complete = draft.subdistrict && draft.kurir && line?.quote && draft.alamat.trim();
    onChoice(
      complete
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
        : null,
    );
    // onChoice is the parent's setter; the choice depends on these values only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.provinsi, draft.city, draft.subdistrict, draft.alamat, draft.kurir, draft.pengiriman, line?.value, line?.quote]);

  // A service no longer offered (a kept draft from days ago, another kilogram) is dropped once the list is known, so
  // Layanan reads 'Pilih…' and is named among what is left, rather than Lanjut staying grey with nothing said.
  const stale = draft.pengiriman !== '' && costs.data !== null && !costs.loading && !service;
  useEffect(() => {
    if (stale) set({ pengiriman: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale]);

  useEffect(() => {
    if (locked && !draft.bubbleWrap) set({ bubbleWrap: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked, draft.bubbleWrap]);

  const select = (
    id: string,
    label: string,
    value: string,
    state: { loading: boolean; error: string | null },
    options: Array<{ value: string; label: string }>,
    onPick: (value: string) => void,
    disabled = false,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} required onChange={(e) => onPick(e.target.value)} aria-describedby={state.error ? `${id}-error` : undefined}>
        <option value="">{state.loading ? T.loadingList : T.choose}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {state.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );

  return (
    <div className="shipping-form">
      {!online && !provinces.data && <p className="notice">{T.shippingNeedsNetwork}</p>}
      {select(
        ids.province, T.province, draft.provinsi, provinces,
        (provinces.data ?? []).map((p) => ({ value: pair(p.province_id, p.province), label: p.province })),
        (v) => set({ provinsi: v, city: '', subdistrict: '', kurir: '', pengiriman: '' }),
      )}
      {select(
        ids.city, T.city, draft.city, cities,
        (cities.data ?? []).map((c) => ({ value: pair(c.city_id, `${c.type} ${c.city_name}`.trim()), label: `${c.type} ${c.city_name}`.trim() })),
        (v) => set({ city: v, subdistrict: '', kurir: '', pengiriman: '' }),
        !draft.provinsi,
      )}
      {select(
        ids.district, T.district, draft.subdistrict, districts,
        (districts.data ?? []).map((d) => ({ value: pair(d.subdistrict_id, d.subdistrict_name), label: d.subdistrict_name })),
        (v) => set({ subdistrict: v, pengiriman: '' }),
        !draft.city,
      )}
      <div className="field">
        <label htmlFor={ids.address}>{T.address}</label>
        <textarea id={ids.address} required rows={3} maxLength={TEXT_MAX.address} value={draft.alamat} onChange={(e) => set({ alamat: e.target.value })} />
      </div>
      {select(
        ids.courier, T.courier, draft.kurir, { loading: false, error: null },
        couriersFor(inShopCity).map((c: Courier) => ({ value: c, label: COURIER_NAMES[c] })),
        (v) => set({ kurir: v, pengiriman: '' }),
        !draft.subdistrict,
      )}
      {select(
        ids.service, T.service, draft.pengiriman, costs,
        services.map((s) => ({
          value: s.service,
          label: [s.service, formatShippingCost(s.cost[0]?.value ?? 0), T.etd(s.cost[0]?.etd ?? '')].filter(Boolean).join(' · '),
        })),
        (v) => set({ pengiriman: v }),
        !draft.kurir,
      )}
      <div className="field field-check">
        <input
          id={ids.bubble}
          type="checkbox"
          checked={draft.bubbleWrap}
          disabled={locked}
          onChange={(e) => set({ bubbleWrap: e.target.checked })}
          aria-describedby={locked ? `${ids.bubble}-note` : undefined}
        />
        <label htmlFor={ids.bubble}>
          {T.bubbleWrap} ({formatIDR(BUBBLE_WRAP_FEE)})
        </label>
        {locked && (
          <p id={`${ids.bubble}-note`} className="field-note">
            {T.bubbleWrapLocked}
          </p>
        )}
      </div>
      {children}
      {/* Lanjut and Beli Sekarang stay grey until the choice is complete: say what is left, not only grey. */}
      {missing.length > 0 && <p className="field-note missing-fields">{T.missingFields(missing.join(', '))}</p>}
    </div>
  );
}
