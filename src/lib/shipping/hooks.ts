/**
 * React hooks over the shipping client: `{ data, loading, error }`, where `error` is an Indonesian text
 * for the user (null when all is well) and `data` is null until something is loaded.
 */
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../domain/messages';
import {
  type City,
  type CostQuery,
  type CourierCosts,
  createShippingClient,
  type District,
  type Province,
  ShippingFetchError,
  type ShippingClient,
} from './client';
import { createIndexedDbStore, createMemoryStore } from './store';

export interface ShippingState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

let defaultClient: ShippingClient | undefined;

/** The app-wide client: IndexedDB where the browser has it. */
export function shippingClient(): ShippingClient {
  defaultClient ??= createShippingClient({
    store: typeof indexedDB === 'undefined' ? createMemoryStore() : createIndexedDbStore(),
  });
  return defaultClient;
}

/** Tests and stories put their own client here. */
export function setShippingClient(client: ShippingClient | undefined): void {
  defaultClient = client;
}

/**
 * Data belongs to the key it was loaded for: while another key loads (a new destination, or a new weight after the
 * quantity changed), the answer of the old one is not handed out, so a quote for 1 kg never prices a 25 kg parcel.
 */
function useShippingData<T>(key: string | null, load: (client: ShippingClient) => Promise<T>, client?: ShippingClient): ShippingState<T> {
  const [state, setState] = useState<ShippingState<T> & { key: string | null }>({ data: null, loading: key !== null, error: null, key });
  useEffect(() => {
    if (key === null) {
      setState({ data: null, loading: false, error: null, key });
      return;
    }
    let current = true;
    setState((s) => ({ data: s.key === key ? s.data : null, loading: true, error: null, key }));
    load(client ?? shippingClient()).then(
      (data) => current && setState({ data, loading: false, error: null, key }),
      (err: unknown) =>
        current &&
        setState({
          data: null,
          loading: false,
          error: err instanceof ShippingFetchError ? err.userMessage : MESSAGES.shipping_fetch_failed,
          key,
        }),
    );
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` says everything it depends on.
  }, [key, client]);
  const { data, loading, error } = state;
  return state.key === key ? { data, loading, error } : { data: null, loading: key !== null, error: null };
}

export const useProvinces = (client?: ShippingClient): ShippingState<Province[]> =>
  useShippingData('provinsi', (c) => c.provinces(), client);

/** Nothing is fetched while `provinceId` is empty. */
export const useCities = (provinceId: string | null | undefined, client?: ShippingClient): ShippingState<City[]> =>
  useShippingData(provinceId ? `kota:${provinceId}` : null, (c) => c.cities(provinceId as string), client);

/** Nothing is fetched while `cityId` is empty. */
export const useDistricts = (cityId: string | null | undefined, client?: ShippingClient): ShippingState<District[]> =>
  useShippingData(cityId ? `kecamatan:${cityId}` : null, (c) => c.districts(cityId as string), client);

/** Nothing is fetched until both destination and courier are chosen. */
export function useShippingCosts(query: Partial<CostQuery>, client?: ShippingClient): ShippingState<CourierCosts[]> {
  const { destination, weight, courier, origin } = query;
  const key = destination && courier ? `ongkos:${origin ?? ''}:${destination}:${weight ?? ''}:${courier}` : null;
  return useShippingData(key, (c) => c.costs({ destination: destination as string, courier: courier as string, weight, origin }), client);
}
