import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { createShippingClient, type ShippingClient } from './client';
import { RETRY_FIRST_MS, useCities, useProvinces, useShippingCosts } from './hooks';
import { createMemoryStore } from './store';

const envelope = (results: unknown[]) => ({ rajaongkir: { query: {}, status: { code: 200, description: 'OK' }, results } });
let online: boolean;
let client: ShippingClient;

beforeEach(() => {
  online = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const fetchImpl = async (input: RequestInfo | URL) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url === '/api/provinsi') return new Response(JSON.stringify(envelope([{ province_id: '33', province: 'Jawa Tengah' }])));
    if (url === '/api/ongkos') return new Response(JSON.stringify(envelope([{ code: 'gojek', name: 'Gojek', costs: [] }])));
    return new Response(JSON.stringify({ error: 'province_not_found', message: MESSAGES.province_not_found }), { status: 404 });
  };
  client = createShippingClient({ store: createMemoryStore(), fetch: fetchImpl as typeof fetch });
});
afterEach(() => vi.restoreAllMocks());

describe('shipping hooks', () => {
  it('when provinces load, then loading turns off and data holds them', async () => {
    const { result } = renderHook(() => useProvinces(client));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ data: [{ province_id: '33', province: 'Jawa Tengah' }], loading: false, error: null });
  });

  it('when offline with nothing kept, then loading turns off and the error is Indonesian, not an empty list', async () => {
    online = false;
    const { result } = renderHook(() => useProvinces(client));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ data: null, loading: false, error: MESSAGES.shipping_offline });
    expect(console.error).toHaveBeenCalledWith('Error fetching data:', expect.any(Error));
  });

  it('when the server says not found, then its message is shown', async () => {
    const { result } = renderHook(() => useCities('99', client));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe(MESSAGES.province_not_found);
  });

  it('when the weight changes, then the old weight\'s costs are not handed out while the new ones load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const weights: string[] = [];
    const slow = createShippingClient({
      store: createMemoryStore(),
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        const weight = String(JSON.parse(String(init?.body)).weight);
        weights.push(weight);
        if (weights.length > 1) await gate;
        const costs = [{ service: 'REG', description: '', cost: [{ value: Number(weight) * 9, etd: '1-2', note: '', quote: `q${weight}` }] }];
        return new Response(JSON.stringify(envelope([{ code: 'jne', name: 'JNE', costs }])));
      }) as typeof fetch,
    });
    const { result, rerender } = renderHook(({ weight }) => useShippingCosts({ destination: '337402', courier: 'jne', weight }, slow), {
      initialProps: { weight: 1000 },
    });
    await waitFor(() => expect(result.current.data?.[0]?.costs[0]?.cost[0]?.quote).toBe('q1000'));
    rerender({ weight: 25000 });
    expect(result.current).toEqual({ data: null, loading: true, error: null });
    release();
    await waitFor(() => expect(result.current.data?.[0]?.costs[0]?.cost[0]?.quote).toBe('q25000'));
    expect(weights).toEqual(['1000', '25000']);
  });

  it('when nothing is chosen yet, then nothing is fetched', async () => {
    const { result } = renderHook(() => useShippingCosts({ destination: '', courier: 'jne' }, client));
    expect(result.current).toEqual({ data: null, loading: false, error: null });
    const costs = renderHook(() => useShippingCosts({ destination: '337402', courier: 'gojek' }, client));
    await waitFor(() => expect(costs.result.current.loading).toBe(false));
    expect(costs.result.current.data?.[0]?.code).toBe('gojek');
  });

  it('when the list failed offline, then it loads as soon as the browser is back online, without reopening the form', async () => {
    online = false;
    const browserOnline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const { result } = renderHook(() => useProvinces(client));
    await waitFor(() => expect(result.current.error).toBe(MESSAGES.shipping_offline));
    online = true;
    browserOnline.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    // At once: well before the timer's own retry.
    await waitFor(() => expect(result.current.data).toEqual([{ province_id: '33', province: 'Jawa Tengah' }]), { timeout: RETRY_FIRST_MS / 2 });
    expect(result.current.error).toBeNull();
  });

  it('when the server fails (busy, 503), then it is asked again later on its own; a refusal (404) is not asked again', async () => {
    let calls = 0;
    const flaky = createShippingClient({
      store: createMemoryStore(),
      fetch: (async (input: RequestInfo | URL) => {
        calls += 1;
        if (String(input) !== '/api/provinsi') return new Response(JSON.stringify({ error: 'province_not_found', message: MESSAGES.province_not_found }), { status: 404 });
        if (calls === 1) return new Response(JSON.stringify({ error: 'upstream', message: MESSAGES.shipping_fetch_failed }), { status: 503 });
        return new Response(JSON.stringify(envelope([{ province_id: '33', province: 'Jawa Tengah' }])));
      }) as typeof fetch,
    });
    const { result } = renderHook(() => useProvinces(flaky));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    await waitFor(() => expect(result.current.data?.[0]?.province).toBe('Jawa Tengah'), { timeout: RETRY_FIRST_MS + 3000 });
    expect(result.current.error).toBeNull();

    calls = 0;
    const refused = renderHook(() => useCities('99', flaky));
    await waitFor(() => expect(refused.result.current.error).toBe(MESSAGES.province_not_found));
    await new Promise((r) => setTimeout(r, RETRY_FIRST_MS + 500));
    expect(calls).toBe(1);
  }, 20_000);
});
