/**
 * React hooks over the shipping client: `{ data, loading, error }`, where `error` is an Indonesian text
 * for the user (null when all is well) and `data` is null until something is loaded.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
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
import { useOnline } from '../use-online';
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

/** The first wait before a failed load is asked again; it doubles up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

/** Worth asking again: no answer at all (offline, a dropped connection), a busy server or a limit; not a refusal. */
const retryable = (err: unknown): boolean =>
  !(err instanceof ShippingFetchError) || err.status === undefined || err.status >= 500 || err.status === 429;

/**
 * Data belongs to the key it was loaded for: while another key loads (a new destination, or a new weight after the
 * quantity changed), the answer of the old one is not handed out, so a quote for 1 kg never prices a 25 kg parcel.
 * A load that failed for want of a connection is asked again, at once when the browser comes back online and
 * otherwise later and later, so a patchy connection fills the form without the customer closing and reopening it.
 */
function useShippingData<T>(key: string | null, load: (client: ShippingClient) => Promise<T>, client?: ShippingClient): ShippingState<T> {
  const [state, setState] = useState<ShippingState<T> & { key: string | null }>({ data: null, loading: key !== null, error: null, key });
  const [attempt, setAttempt] = useState(0);
  /** Failed loads of `key` in a row, while it waits to be asked again (null: nothing waits). */
  const failing = useRef<{ key: string; count: number } | null>(null);
  const online = useOnline();
  // `load` is rebuilt on every render; `key` says everything it depends on, `attempt` asks again.
  const loadNow = useEffectEvent(load);
  useEffect(() => {
    if (!online || !failing.current) return;
    failing.current.count = 0;
    setAttempt((n) => n + 1);
  }, [online]);
  useEffect(() => {
    if (key === null) {
      setState({ data: null, loading: false, error: null, key });
      return;
    }
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    if (failing.current?.key !== key) failing.current = null;
    // Asked again, the error stays on screen until an answer replaces it.
    setState((s) => ({ data: s.key === key ? s.data : null, loading: true, error: s.key === key ? s.error : null, key }));
    loadNow(client ?? shippingClient()).then(
      (data) => {
        if (!current) return;
        failing.current = null;
        setState({ data, loading: false, error: null, key });
      },
      (err: unknown) => {
        if (!current) return;
        setState({
          data: null,
          loading: false,
          error: err instanceof ShippingFetchError ? err.userMessage : MESSAGES.shipping_fetch_failed,
          key,
        });
        if (!retryable(err)) return;
        const count = failing.current?.count ?? 0;
        failing.current = { key, count: count + 1 };
        retry = setTimeout(() => setAttempt((n) => n + 1), Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** count));
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [key, client, attempt]);
  const { data, loading, error } = state;
  return state.key === key ? { data, loading, error } : { data: null, loading: key !== null, error: null };
}

export const useProvinces = (client?: ShippingClient): ShippingState<Province[]> =>
  useShippingData('provinsi', (c) => c.provinces(), client);

/** Nothing is fetched while `provinceId` is empty. */
export const useCities = (provinceId: string | null | undefined, client?: ShippingClient): ShippingState<City[]> =>
  useShippingData(provinceId ? `kota:${provinceId}` : null, (c) => c.cities(provinceId as string), client);

/** Nothing is fetched while `cityId` is empty. `provinceId`: the city's province (for the server, see client.ts). */
export const useDistricts = (cityId: string | null | undefined, provinceId?: string, client?: ShippingClient): ShippingState<District[]> =>
  useShippingData(cityId ? `kecamatan:${cityId}` : null, (c) => c.districts(cityId as string, provinceId || undefined), client);

/** Nothing is fetched until both destination and courier are chosen. */
export function useShippingCosts(query: Partial<CostQuery>, client?: ShippingClient): ShippingState<CourierCosts[]> {
  const { destination, weight, courier, destinationCity, destinationProvince } = query;
  const key = destination && courier ? `ongkos:${destination}:${weight ?? ''}:${courier}` : null;
  return useShippingData(
    key,
    (c) => c.costs({ destination: destination as string, courier: courier as string, weight, destinationCity, destinationProvince }),
    client,
  );
}
