import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { createShippingClient, type ShippingClient } from './client';
import { useCities, useProvinces, useShippingCosts } from './hooks';
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
});
