import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShippingChoice } from '../../domain/order';
import { ESTIMATE_NOTE } from '../../domain/shipping';
import { UI } from '../../domain/ui-text';
import { createShippingClient } from '../../lib/shipping/client';
import { setShippingClient } from '../../lib/shipping/hooks';
import { createMemoryStore } from '../../lib/shipping/store';
import { ShippingForm } from './shipping-form';
import { shippingDraftKey, useShippingDraft, useShippingQuote, type ShippingDraft } from './use-shipping';

afterEach(() => {
  cleanup();
  setShippingClient(undefined);
  vi.restoreAllMocks();
});

/** A shipping client answering each path with its results (an empty list for any other), as RajaOngkir wraps them. */
function fakeShipping(answers: Record<string, unknown[]>) {
  const envelope = (results: unknown[]) => ({ rajaongkir: { query: {}, status: { code: 200, description: 'OK' }, results } });
  setShippingClient(
    createShippingClient({
      store: createMemoryStore(),
      fetch: (async (input: RequestInfo | URL) => new Response(JSON.stringify(envelope(answers[String(input)] ?? [])))) as typeof fetch,
    }),
  );
}

/** Isi Data for a parcel of 100 g, its quote asked for as a wizard asks for it. */
function Form({ draft, setDraft }: { draft: ShippingDraft; setDraft(d: ShippingDraft): void }) {
  return <ShippingForm draft={draft} onDraft={setDraft} quote={useShippingQuote(draft, 100)} />;
}

/** Jakarta Pusat, Gambir, as the region lists answer it. */
const GAMBIR = {
  '/api/provinsi': [{ province_id: '31', province: 'DKI Jakarta' }],
  '/api/kota/31': [{ city_id: '3171', city_name: 'Jakarta Pusat', type: 'Kota' }],
  // The city's province goes with the list's request: the server finds a RajaOngkir city it has not listed through it.
  '/api/kecamatan/3171?provinsi=31': [{ subdistrict_id: '317101', subdistrict_name: 'Gambir', type: 'Kecamatan' }],
};

describe("the wizard's address", () => {
  it('when the profile loads after the wizard opened, then its address fills the box once; cleared, the box stays empty', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: '' } });
    expect(result.current[0].alamat).toBe('');
    rerender({ address: 'Jl. Pandanaran No. 5, Semarang' });
    expect(result.current[0].alamat).toBe('Jl. Pandanaran No. 5, Semarang');

    act(() => result.current[1]({ ...result.current[0], alamat: '' }));
    rerender({ address: 'Jl. Pandanaran No. 5, Semarang' });
    expect(result.current[0].alamat).toBe('');
    act(() => result.current[1]({ ...result.current[0], alamat: 'Jl. Baru No. 1' }));
    expect(result.current[0].alamat).toBe('Jl. Baru No. 1');
  });

  it('when the profile is known at once, then the box starts with it and may be emptied', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: 'Jl. Lama 2' } });
    expect(result.current[0].alamat).toBe('Jl. Lama 2');
    act(() => result.current[1]({ ...result.current[0], alamat: '' }));
    rerender({ address: 'Jl. Lama 2' });
    expect(result.current[0].alamat).toBe('');
  });

  it('when the customer typed before the profile arrived, then their text stays', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: '' } });
    act(() => result.current[1]({ ...result.current[0], alamat: 'Kos Melati' }));
    rerender({ address: 'Jl. Pandanaran No. 5' });
    expect(result.current[0].alamat).toBe('Kos Melati');
  });
});

describe("the wizard's shipping draft on the device", () => {
  const key = shippingDraftKey('uid-budi');
  afterEach(() => localStorage.clear());
  const jakarta = {
    provinsi: '31|DKI Jakarta', city: '3171|Kota Jakarta Selatan', subdistrict: '317101|Kebayoran Baru',
    alamat: 'Kos Melati Kamar 3', kurir: 'jne', pengiriman: 'REG', bubbleWrap: true,
  };

  it('when the customer picked a destination and courier and the page reloads, then the wizard opens with them; once the order is placed, they are forgotten', () => {
    const first = renderHook(() => useShippingDraft('Jl. Pandanaran No. 5', key));
    act(() => first.result.current[1](jakarta));
    first.unmount();

    // A reload, a closed browser or a closed wizard: a new wizard for the same account.
    const again = renderHook(() => useShippingDraft('Jl. Pandanaran No. 5', key));
    expect(again.result.current[0]).toEqual(jakarta);
    act(() => again.result.current[2]());
    again.unmount();

    const after = renderHook(() => useShippingDraft('Jl. Pandanaran No. 5', key));
    expect(after.result.current[0]).toMatchObject({ provinsi: '', kurir: '', pengiriman: '', alamat: 'Jl. Pandanaran No. 5' });
  });

  it('when a wizard was opened and closed untouched before the profile loaded, then the next one still gets the profile address', () => {
    renderHook(() => useShippingDraft('', key)).unmount();
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address, key), { initialProps: { address: '' } });
    rerender({ address: 'Jl. Pandanaran No. 5' });
    expect(result.current[0].alamat).toBe('Jl. Pandanaran No. 5');
  });

  it('when the saved draft is damaged, then the wizard starts empty with the profile address', () => {
    localStorage.setItem(key, '{"provinsi": 3');
    const { result } = renderHook(() => useShippingDraft('Jl. Pandanaran No. 5', key));
    expect(result.current[0]).toMatchObject({ provinsi: '', alamat: 'Jl. Pandanaran No. 5', bubbleWrap: true });
  });
});

describe('Isi Data while incomplete', () => {
  it('when fields are still empty, then the form says which ones, in its own words, and the list shrinks as they are filled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeShipping({ '/api/provinsi': [{ province_id: '33', province: 'Jawa Tengah' }] });
    let choice: ShippingChoice | null = null;
    function Harness() {
      const [draft, setDraft] = useShippingDraft('');
      const quote = useShippingQuote(draft, 100);
      choice = quote.choice;
      return <ShippingForm draft={draft} onDraft={setDraft} quote={quote} />;
    }
    render(<Harness />);
    expect(screen.getByText('Untuk lanjut, lengkapi: Provinsi, Kota, Kecamatan, Alamat, Kurir, Layanan.')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('option', { name: 'Jawa Tengah' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Provinsi'), 'Jawa Tengah');
    await userEvent.type(screen.getByLabelText('Alamat'), 'Jl. Pandanaran No. 5');
    expect(screen.getByText('Untuk lanjut, lengkapi: Kota, Kecamatan, Kurir, Layanan.')).toBeInTheDocument();
    expect(choice).toBeNull();
  });
});

describe('Layanan', () => {
  it('when the courier answers with estimates, then each option fits a 360 px select: "1-1" reads "1 hari", a range keeps its days', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeShipping({
      ...GAMBIR,
      '/api/ongkos': [
        {
          code: 'jne',
          name: 'JNE',
          costs: [
            { service: 'REG', description: '', cost: [{ value: 18000, etd: '2-3', note: '' }] },
            { service: 'YES', description: '', cost: [{ value: 32000, etd: '1-1', note: '' }] },
          ],
        },
      ],
    });
    function Harness() {
      const [draft, setDraft] = useShippingDraft('Jl. Medan Merdeka 1');
      return <Form draft={draft} setDraft={setDraft} />;
    }
    render(<Harness />);
    for (const [label, option] of [['Provinsi', 'DKI Jakarta'], ['Kota', 'Jakarta Pusat'], ['Kecamatan', 'Gambir']] as const) {
      const found = await screen.findByRole('option', { name: new RegExp(option) });
      await userEvent.selectOptions(screen.getByLabelText(label), found);
    }
    await userEvent.selectOptions(screen.getByLabelText('Kurir'), 'jne');
    await waitFor(() => expect(screen.getByRole('option', { name: /^YES/ })).toBeInTheDocument());
    const text = (name: RegExp) => screen.getByRole('option', { name }).textContent?.replace(/\s/g, ' ');
    expect(text(/^YES/)).toBe('YES · Rp 32.000 · 1 hari');
    expect(text(/^REG/)).toBe('REG · Rp 18.000 · 2-3 hari');
    expect(screen.queryByText(UI.order.estimateNotice)).toBeNull();
  });

  it("when the prices are the tariff table's estimate (the courier's live price not to be had), then each option and a notice under Layanan say so", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeShipping({
      ...GAMBIR,
      '/api/ongkos': [{ code: 'jne', name: 'JNE', costs: [{ service: 'REG', description: '', cost: [{ value: 18000, etd: '2-3', note: ESTIMATE_NOTE }] }] }],
    });
    function Harness() {
      const [draft, setDraft] = useShippingDraft('Jl. Medan Merdeka 1');
      return <Form draft={draft} setDraft={setDraft} />;
    }
    render(<Harness />);
    for (const [label, option] of [['Provinsi', 'DKI Jakarta'], ['Kota', 'Jakarta Pusat'], ['Kecamatan', 'Gambir']] as const) {
      const found = await screen.findByRole('option', { name: new RegExp(option) });
      await userEvent.selectOptions(screen.getByLabelText(label), found);
    }
    await userEvent.selectOptions(screen.getByLabelText('Kurir'), 'jne');
    await waitFor(() => expect(screen.getByRole('option', { name: /^REG/ })).toBeInTheDocument());
    expect(screen.getByRole('option', { name: /^REG/ }).textContent?.replace(/\s/g, ' ')).toBe('REG · ± Rp 18.000 · 2-3 hari');
    expect(screen.getByText(UI.order.estimateNotice)).toBeInTheDocument();
  });
});

describe('a kept shipping draft', () => {
  afterEach(() => localStorage.clear());

  it('when the service it names is no longer offered, then Layanan is emptied and named as left to fill, not a grey Lanjut with nothing said', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeShipping({
      ...GAMBIR,
      '/api/ongkos': [{ code: 'jne', name: 'JNE', costs: [{ service: 'REG', description: '', cost: [{ value: 18000, etd: '2-3', note: '' }] }] }],
    });
    const key = shippingDraftKey('uid-budi');
    localStorage.setItem(
      key,
      JSON.stringify({ provinsi: '31|DKI Jakarta', city: '3171|Kota Jakarta Pusat', subdistrict: '317101|Gambir', alamat: 'Jl. Medan Merdeka 1', kurir: 'jne', pengiriman: 'OKE', bubbleWrap: true }),
    );
    function Harness() {
      const [draft, setDraft] = useShippingDraft('', key);
      return <Form draft={draft} setDraft={setDraft} />;
    }
    render(<Harness />);
    await waitFor(() => expect(screen.getByRole('option', { name: /^REG/ })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Untuk lanjut, lengkapi: Layanan.')).toBeInTheDocument());
    expect(screen.getByLabelText('Layanan')).toHaveValue('');
    expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ kurir: 'jne', pengiriman: '' });
  });
});
