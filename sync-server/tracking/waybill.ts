/**
 * Komerce RajaOngkir's waybill tracking (`POST {RAJAONGKIR_BASE_URL}/track/waybill?awb=…&courier=…`, the API key in
 * the `key` header, `last_phone_number` in the form body for the couriers that check it): one resi's summary status,
 * whether it is delivered, and its manifest, reduced to what an order keeps (src/domain/tracking.ts). The key never
 * leaves the header; the resi and the phone digits are never logged.
 *
 * An answer is one of: found (summary and manifest), unknown (the courier does not know the resi: HTTP or `meta.code`
 * 400/404/422), or a `WaybillError` (no answer in time, a 5xx, a 429, the key refused, a body not of that shape, or
 * one past MAX_ANSWER_BYTES, of which no more is read).
 */
import { latestLines, cleanText, type TrackingLine } from '../../src/domain/tracking';
import { TRACKING_LIMITS } from '../../src/domain/field-limits';
import { AnswerTooLarge, readJsonCapped, retryAfterSeconds } from '../shipping/rajaongkir';

export type WaybillAnswer = { kind: 'found'; status: string; delivered: boolean; lines: TrackingLine[] } | { kind: 'unknown' };

export class WaybillError extends Error {
  /** Seconds the provider asked to wait (a 429's Retry-After), when it said. */
  constructor(
    message: string,
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }
}

export interface WaybillOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

const UNKNOWN_CODES = new Set([400, 404, 422]);
type Item = Record<string, unknown>;
const isItem = (x: unknown): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x);

export async function trackWaybill(options: WaybillOptions, awb: string, courier: string, lastPhone?: string): Promise<WaybillAnswer> {
  const query = new URLSearchParams({ awb, courier });
  const form = new URLSearchParams(lastPhone ? { last_phone_number: lastPhone } : {});
  let res: Response;
  try {
    res = await fetch(`${options.baseUrl}/track/waybill?${query}`, {
      method: 'POST',
      headers: { key: options.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (err) {
    throw new WaybillError(`unreachable (${err instanceof Error ? err.name : 'error'})`);
  }
  if (res.status === 429) {
    await res.body?.cancel().catch(() => {});
    throw new WaybillError('429', retryAfterSeconds(res.headers.get('retry-after'), Date.now()));
  }
  if (UNKNOWN_CODES.has(res.status)) {
    await res.body?.cancel().catch(() => {});
    return { kind: 'unknown' };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new WaybillError(res.status === 401 || res.status === 403 ? `key refused (${res.status})` : `answered ${res.status}`);
  }
  let body: unknown;
  try {
    body = await readJsonCapped(res);
  } catch (err) {
    throw new WaybillError(err instanceof AnswerTooLarge ? 'answer too large' : 'answer not JSON');
  }
  const code = Number((body as { meta?: { code?: unknown } } | null)?.meta?.code);
  if (UNKNOWN_CODES.has(code)) return { kind: 'unknown' };
  if (code !== 200) throw new WaybillError(`meta.code ${Number.isFinite(code) ? code : 'missing'}`);
  const data = (body as { data?: unknown }).data;
  if (!isItem(data)) throw new WaybillError('answer without data');
  const summary = isItem(data.summary) ? data.summary : {};
  const manifest = Array.isArray(data.manifest) ? data.manifest.filter(isItem) : [];
  return {
    kind: 'found',
    status: cleanText(summary.status, TRACKING_LIMITS.status),
    delivered: data.delivered === true,
    lines: latestLines(manifest.slice(0, 500).map(manifestLine)),
  };
}

/** A manifest entry: `manifest_date` 'YYYY-MM-DD', `manifest_time` 'HH:MM(:SS)', `manifest_description`, `city_name`. */
function manifestLine(m: Item): TrackingLine {
  const date = cleanText(m.manifest_date, 10);
  const time = cleanText(m.manifest_time, 5);
  return { at: `${date} ${time}`.trim(), text: cleanText(m.manifest_description, 1000), city: cleanText(m.city_name, 1000) };
}
