/**
 * A fake of RajaOngkir's current API (Komerce RajaOngkir V2, step-by-step method) on a loopback port, speaking
 * its request and answer shapes: `key` header, `{ meta: { message, code, status }, data }`, flat items,
 * form-encoded cost requests, and waybill tracking (`POST /track/waybill?awb=…&courier=…`, `last_phone_number` in the
 * form for JNE) of the parcels a test ships with `ship`. Counts calls and can misbehave on demand.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, readBody, sendJson } from './http';

export type FakeMode =
  | { kind: 'ok' }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'malformed'; body: string }
  | { kind: 'status'; status: number }
  /** HTTP 200 with this `meta.code` and no data. */
  | { kind: 'meta'; code: number }
  /** HTTP 200, a JSON answer of about `bytes` bytes, sent without a Content-Length (chunked) as a stream would be. */
  | { kind: 'huge'; bytes: number };

/** A parcel the fake courier knows: its manifest grows with `scan`, `deliver` ends it. */
export interface FakeParcel {
  courier: string;
  /** The recipient's last 5 digits, checked for JNE as Komerce does. */
  lastPhone: string;
  delivered: boolean;
  manifest: Array<{ manifest_code: string; manifest_description: string; manifest_date: string; manifest_time: string; city_name: string }>;
}

export interface FakeCall {
  method: string;
  path: string;
  key: string | undefined;
  form?: Record<string, string>;
  query?: Record<string, string>;
}

export interface FakeRajaOngkir {
  url: string;
  key: string;
  calls: FakeCall[];
  mode: FakeMode;
  count(path: string): number;
  /** How much of its last 'huge' answer the fake got to send before the reader went. */
  hugeSent: number;
  /** The parcels the fake courier knows, by resi. */
  parcels: Map<string, FakeParcel>;
  /** Hands a parcel to the fake courier (picked up: one manifest line). */
  ship(resi: string, courier: string, phone: string): FakeParcel;
  /** Adds a manifest line; `delivered` ends the trip. */
  scan(resi: string, description: string, city: string, delivered?: boolean): void;
  close(): Promise<void>;
}

const PROVINCES = [
  { id: 10, name: 'JAWA TENGAH' },
  { id: 6, name: 'DKI JAKARTA' },
];
const CITIES: Record<string, Array<{ id: number; name: string; zip_code: string }>> = {
  '10': [
    { id: 399, name: 'KOTA SEMARANG', zip_code: '50000' },
    { id: 398, name: 'KABUPATEN SEMARANG', zip_code: '50511' },
    { id: 112, name: 'DEMAK', zip_code: '0' },
  ],
  '6': [{ id: 152, name: 'JAKARTA PUSAT', zip_code: '10000' }],
};
const DISTRICTS: Record<string, Array<{ id: number; name: string; zip_code: string }>> = {
  '399': [
    { id: 5501, name: 'SEMARANG TENGAH', zip_code: '50132' },
    { id: 5502, name: 'SEMARANG UTARA', zip_code: '50173' },
  ],
  '112': [{ id: 1500, name: 'DEMAK', zip_code: '59511' }],
  '152': [{ id: 2096, name: 'GAMBIR', zip_code: '10110' }],
};
const KNOWN_DISTRICTS = new Set(Object.values(DISTRICTS).flatMap((list) => list.map((d) => String(d.id))));

/**
 * The city and province of one of the fake's districts, as the app sends them with a cost request (`destinationCity`,
 * `destinationProvince`): from the lists it picked the district from. Empty for a district the fake does not know.
 */
export function regionOf(district: string): { destinationCity?: string; destinationProvince?: string } {
  const city = Object.keys(DISTRICTS).find((c) => DISTRICTS[c]!.some((d) => String(d.id) === district));
  const province = city && Object.keys(CITIES).find((p) => CITIES[p]!.some((c) => String(c.id) === city));
  return city && province ? { destinationCity: city, destinationProvince: province } : {};
}

/** Per started kilogram, as the fake's own tariff. */
const SERVICES: Record<string, Array<{ name: string; service: string; description: string; perKg: number; etd: string }>> = {
  jne: [
    { name: 'Jalur Nugraha Ekakurir (JNE)', service: 'REG', description: 'Layanan Reguler', perKg: 10000, etd: '1-2 day' },
    { name: 'Jalur Nugraha Ekakurir (JNE)', service: 'YES', description: 'Yakin Esok Sampai', perKg: 20000, etd: '1 day' },
  ],
  jnt: [{ name: 'J&T Express', service: 'EZ', description: 'Reguler', perKg: 9000, etd: '2-3 day' }],
  pos: [{ name: 'POS Indonesia (POS)', service: 'Pos Reguler', description: '240', perKg: 8000, etd: '3 day' }],
  tiki: [{ name: 'Citra Van Titipan Kilat (TIKI)', service: 'ECO', description: 'Economy Service', perKg: 7000, etd: '4 day' }],
};

const meta = (code: number, message: string) => ({ message, code, status: code < 400 ? 'success' : 'error' });

export async function startFakeRajaOngkir(key = 'test-key'): Promise<FakeRajaOngkir> {
  const calls: FakeCall[] = [];
  const fake: FakeRajaOngkir = {
    url: '',
    key,
    calls,
    mode: { kind: 'ok' },
    count: (path) => calls.filter((c) => c.path === path).length,
    hugeSent: 0,
    parcels: new Map(),
    ship(resi, courier, phone) {
      const parcel: FakeParcel = { courier, lastPhone: phone.replace(/\D/g, '').slice(-5), delivered: false, manifest: [] };
      fake.parcels.set(resi, parcel);
      fake.scan(resi, 'SHIPMENT RECEIVED BY JNE COUNTER OFFICER AT [SEMARANG]', 'SEMARANG');
      return parcel;
    },
    scan(resi, description, city, delivered = false) {
      const parcel = fake.parcels.get(resi);
      if (!parcel) throw new Error(`no parcel ${resi}`);
      const at = new Date(Date.UTC(2026, 10, 20, 8) + parcel.manifest.length * 3_600_000).toISOString();
      parcel.manifest.push({ manifest_code: String(parcel.manifest.length + 1), manifest_description: description, manifest_date: at.slice(0, 10), manifest_time: at.slice(11, 19), city_name: city });
      parcel.delivered ||= delivered;
    },
    close: () => listening.close(),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/^\/api\/v1/, '');
    const raw = await readBody(req);
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    const call: FakeCall = { method: req.method ?? 'GET', path, key: header(req, 'key'), query };
    if (req.method === 'POST') call.form = Object.fromEntries(new URLSearchParams(raw));
    calls.push(call);

    if (call.key !== fake.key) return sendJson(res, 401, { meta: meta(401, 'Invalid Api key, key not found'), data: null });
    const mode = fake.mode;
    if (mode.kind === 'rate-limit') {
      res.setHeader('Retry-After', mode.retryAfter);
      return sendJson(res, 429, { meta: meta(429, 'Too Many Requests'), data: null });
    }
    if (mode.kind === 'slow') await new Promise((r) => setTimeout(r, mode.delayMs));
    if (mode.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(mode.body);
    }
    if (mode.kind === 'status') return sendJson(res, mode.status, { meta: meta(mode.status, 'Server Error'), data: null });
    if (mode.kind === 'meta') return sendJson(res, 200, { meta: meta(mode.code, 'Internal Server Error'), data: null });
    if (mode.kind === 'huge') return void (fake.hugeSent = await sendHuge(res, mode.bytes));
    if (req.method === 'POST' && path === '/track/waybill') return waybill({ ...query, ...call.form }, res);
    route(req.method ?? 'GET', path, call.form ?? {}, res);
  }

  function route(method: string, path: string, form: Record<string, string>, res: ServerResponse): void {
    const notFound = () => sendJson(res, 404, { meta: meta(404, 'Data not found'), data: null });
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/destination/province') {
      return sendJson(res, 200, { meta: meta(200, 'Success Get Province'), data: PROVINCES });
    }
    if (method === 'GET' && (m = /^\/destination\/city\/(\d+)$/.exec(path))) {
      const list = CITIES[m[1] as string];
      return list ? sendJson(res, 200, { meta: meta(200, 'Success Get City'), data: list }) : notFound();
    }
    if (method === 'GET' && (m = /^\/destination\/district\/(\d+)$/.exec(path))) {
      const list = DISTRICTS[m[1] as string];
      return list ? sendJson(res, 200, { meta: meta(200, 'Success Get District'), data: list }) : notFound();
    }
    if (method === 'POST' && path === '/calculate/district/domestic-cost') {
      const { origin, destination, weight, courier } = form;
      if (!origin || !destination || !weight || !courier || !/^\d+$/.test(weight)) {
        return sendJson(res, 422, { meta: meta(422, 'origin, destination, weight and courier are required'), data: null });
      }
      if (!KNOWN_DISTRICTS.has(origin) || !KNOWN_DISTRICTS.has(destination)) return notFound();
      const kg = Math.max(1, Math.ceil(Number(weight) / 1000));
      const data = courier.split(':').flatMap((code) =>
        (SERVICES[code] ?? []).map((s) => ({
          name: s.name,
          code,
          service: s.service,
          description: s.description,
          cost: s.perKg * kg,
          etd: s.etd,
        })),
      );
      return sendJson(res, 200, { meta: meta(200, 'Success Calculate Domestic Shipping cost'), data });
    }
    notFound();
  }

  /** Komerce's answer: `data.summary`, `data.delivered`, `data.delivery_status`, `data.manifest` (oldest first). */
  function waybill(params: Record<string, string>, res: ServerResponse): void {
    const { awb, courier, last_phone_number: lastPhone } = params;
    if (!awb || !courier) return sendJson(res, 422, { meta: meta(422, 'awb and courier are required'), data: null });
    const parcel = fake.parcels.get(awb);
    if (!parcel || parcel.courier !== courier) return sendJson(res, 404, { meta: meta(404, 'Invalid waybill. Waybill not found'), data: null });
    if (courier === 'jne' && lastPhone !== parcel.lastPhone) {
      return sendJson(res, 400, { meta: meta(400, 'last_phone_number is required for jne and must match the recipient'), data: null });
    }
    const first = parcel.manifest[0]!;
    const last = parcel.manifest.at(-1)!;
    sendJson(res, 200, {
      meta: meta(200, 'Success Get Waybill'),
      data: {
        delivered: parcel.delivered,
        summary: {
          courier_code: courier,
          courier_name: SERVICES[courier]?.[0]?.name ?? courier,
          waybill_number: awb,
          service_code: 'REG',
          waybill_date: first.manifest_date,
          shipper_name: 'JEPRET',
          receiver_name: 'PENERIMA',
          origin: 'SEMARANG',
          destination: last.city_name,
          status: parcel.delivered ? 'DELIVERED' : 'ON PROCESS',
        },
        details: { waybill_number: awb, waybill_date: first.manifest_date, waybill_time: first.manifest_time, weight: '1', origin: 'SEMARANG', destination: last.city_name },
        delivery_status: parcel.delivered
          ? { status: 'DELIVERED', pod_receiver: 'PENERIMA', pod_date: last.manifest_date, pod_time: last.manifest_time }
          : { status: 'ON PROCESS', pod_receiver: '', pod_date: '', pod_time: '' },
        manifest: parcel.manifest,
      },
    });
  }

  const listening = await listenLoopback(handle, { meta: meta(500, 'fake failed'), data: null });
  fake.url = `${listening.origin}/api/v1`;
  return fake;
}

/** A well-formed answer of `bytes` bytes or so (one item with a long description), in 64 KB chunks; stops if the reader goes. */
async function sendHuge(res: ServerResponse, bytes: number): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = 'x'.repeat(64 * 1024);
  res.write(`{"meta":{"code":200,"status":"success","message":"ok"},"data":[{"id":1,"name":"`);
  let sent = 0;
  for (; sent < bytes && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await new Promise((r) => res.once('drain', r).once('close', r));
  }
  res.end('"}]}');
  return sent;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
