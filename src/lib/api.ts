/** JSON calls to the shop's own server. Session cookies are HttpOnly, so same-origin credentials. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** The server's `message` on a 4xx/5xx answer, when it sent one. */
  message: string | null;
}

/** Thrown when there is no answer at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetchImpl(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
  let data: unknown = null;
  if (res.status !== 204) {
    try {
      data = await res.json();
    } catch {
      data = null;
    }
  }
  const message =
    !res.ok && data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  return { ok: res.ok, status: res.status, data: res.ok ? (data as T) : null, message };
}
