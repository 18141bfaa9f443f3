/**
 * Isi Data: where the parcel goes and how (docs/ordering.md, "The flows"). Native selects for Provinsi, Kota,
 * Kecamatan, Kurir and Layanan (what a phone handles best), fed by the shipping hooks, which keep every list
 * and quote once seen: offline, a destination chosen before still works; a new one says it needs a connection.
 * The draft and the choice it makes are the wizard's (use-shipping.ts); the form draws them, and corrects the draft
 * where what it names no longer fits (a service no longer offered, bubble wrap outside the shop's city).
 */
import { useEffect, useEffectEvent, useId, type ReactNode } from 'react';
import { TEXT_MAX } from '../../domain/field-limits';
import { formatIDR, formatShippingCost } from '../../domain/format';
import { BUBBLE_WRAP_FEE } from '../../domain/pricing';
import { COURIER_NAMES, couriersFor, ESTIMATE_NOTE, type Courier } from '../../domain/shipping';
import { UI } from '../../domain/ui-text';
import { useOnline } from '../../lib/use-online';
import { useCities, useDistricts, useProvinces } from '../../lib/shipping/hooks';
import { idOf, isShopCity, missingShippingFields, type ShippingDraft, type ShippingQuote } from './use-shipping';

const T = UI.order;

const pair = (id: string, name: string): string => `${id}|${name}`;

interface ShippingFormProps {
  draft: ShippingDraft;
  onDraft(draft: ShippingDraft): void;
  /** The courier's services for the draft (`useShippingQuote`, asked for by the wizard that owns the draft). */
  quote: ShippingQuote;
  children?: ReactNode;
}

export function ShippingForm({ draft, onDraft, quote: { costs, services, service, estimate }, children }: ShippingFormProps) {
  const online = useOnline();
  const provinces = useProvinces();
  const cities = useCities(idOf(draft.provinsi) || null);
  const districts = useDistricts(idOf(draft.city) || null, idOf(draft.provinsi));
  const ids = { province: useId(), city: useId(), district: useId(), courier: useId(), service: useId(), address: useId(), bubble: useId() };
  const inShopCity = isShopCity(idOf(draft.city));
  // Bubble wrap is locked on unless the parcel stays in the shop's city (docs/ordering.md, "The flows").
  const locked = !inShopCity;

  const set = (patch: Partial<ShippingDraft>) => onDraft({ ...draft, ...patch });
  const missing = missingShippingFields(draft);

  // A service no longer offered (a kept draft from days ago, another kilogram) is dropped once the list is known, so
  // Layanan reads 'Pilih…' and is named among what is left, rather than Lanjut staying grey with nothing said.
  const stale = draft.pengiriman !== '' && costs.data !== null && !costs.loading && !service;
  const setFromEffect = useEffectEvent(set);
  useEffect(() => {
    if (stale) setFromEffect({ pengiriman: '' });
  }, [stale]);

  useEffect(() => {
    if (locked && !draft.bubbleWrap) setFromEffect({ bubbleWrap: true });
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
        services.map((s) => {
          const cost = formatShippingCost(s.cost[0]?.value ?? 0);
          const shown = s.cost[0]?.note === ESTIMATE_NOTE ? T.estimate(cost) : cost;
          return { value: s.service, label: [s.service, shown, T.etd(s.cost[0]?.etd ?? '')].filter(Boolean).join(' · ') };
        }),
        (v) => set({ pengiriman: v }),
        !draft.kurir,
      )}
      {estimate && <p className="notice shipping-estimate">{T.estimateNotice}</p>}
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
