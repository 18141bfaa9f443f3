/**
 * Every setting of the server, read once from the environment and `shop.settings.json`.
 * Secrets come from the environment or a file in DATA_DIR, never from the repo.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import shopSettings from '../shop.settings.json' with { type: 'json' };
import { DEFAULT_UNPAID_EXPIRY_HOURS } from '../src/domain/expiry';
import { DEFAULT_TRACKING_INTERVAL_MINUTES } from '../src/domain/tracking';

export type ShopSettings = typeof shopSettings;
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Config {
  port: number;
  /**
   * The address to listen on (HOST): every address unless set; behind a proxy on the same machine `127.0.0.1`, so
   * only the proxy reaches the shop (docs/deploy.md).
   */
  host: string;
  /** Where the LevelDB store, the photos and the generated secret live. */
  dataDir: string;
  /** Root of the uploaded photos (`images/...` below it): DATA_DIR unless PHOTOS_DIR is set (scale-out: a shared mount). */
  photosDir: string;
  /** The built PWA served at '/'. */
  distDir: string;
  /** Compress answers by Accept-Encoding (COMPRESSION=off: send as is, e.g. behind a proxy that compresses). */
  compression: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** External CouchDB (with credentials in the URL); unset means PouchDB on LevelDB in dataDir. */
  couchdbUrl: string | undefined;
  rajaongkirApiKey: string | undefined;
  rajaongkirBaseUrl: string;
  /**
   * Calls for prices this instance makes to RajaOngkir in a day (RAJAONGKIR_CALLS_PER_DAY, default 50; 0 = no limit),
   * no address or account more than a fifth of them; past them, prices are estimated from the tariff table
   * (docs/shipping.md).
   */
  rajaongkirCallsPerDay: number;
  /** Shipping quotes (POST /api/ongkos) one address, and one account, may ask in an hour (QUOTES_PER_HOUR, default 120; 0 = no limit). */
  quotesPerHour: number;
  /**
   * Minutes between two looks at a shipped order's resi (TRACKING_INTERVAL_MINUTES, default 180), with
   * RAJAONGKIR_API_KEY set: docs/tracking.md.
   */
  trackingIntervalMinutes: number;
  /** Signs session cookies, visitor cookies and shipping quotes. */
  sessionSecret: string;
  shop: ShopSettings;
  /** Extra milliseconds a pull holds back fresh writes, for clock skew between instances (docs/architecture.md). */
  clockSkewMs: number;
  /** An order still unpaid this many hours after it was placed expires (UNPAID_EXPIRY_HOURS, default 48; 0 = never). */
  unpaidExpiryHours: number;
  /**
   * A photo nothing has named for this many days leaves the disk (PHOTO_KEEP_DAYS, default 30; 0 = keep every
   * photo): sync-server/uploads/sweep.ts.
   */
  photoKeepDays: number;
  /**
   * Express's `trust proxy` (TRUST_PROXY): behind a reverse proxy, which hops' X-Forwarded-For to believe, so the
   * per-address limits count each customer and not the proxy. Unset: the header is ignored (a client cannot
   * pick its own address).
   */
  trustProxy: boolean | number | string;
  /**
   * The `Secure` flag of the shop's cookies (SECURE_COOKIES): `true` always, `false` never, 'auto' (unset) when the
   * customer came over HTTPS, as the server sees it or as a proxy in front says (auth/actor.ts `cameOverHttps`).
   */
  secureCookies: boolean | 'auto';
  /**
   * Sign-ups one address may make in an hour (SIGNUPS_PER_HOUR, default 10; 0 = no limit): raise it for a stand at an
   * event where every customer signs up over one Wi-Fi.
   */
  signupsPerHour: number;
  /** Midtrans' server key (MIDTRANS_SERVER_KEY): set, 'Bayar' offers the gateway's QRIS (docs/payments.md); never logged. */
  midtransServerKey: string | undefined;
  /** Midtrans' Core API base (MIDTRANS_API_URL): production unless set, e.g. to the sandbox's. */
  midtransApiUrl: string;
}

/** Midtrans' production Core API; its sandbox is https://api.sandbox.midtrans.com. */
export const MIDTRANS_PRODUCTION_URL = 'https://api.midtrans.com';

export type Env = Record<string, string | undefined>;

/**
 * Where the shop's parcels leave from, in the ids of the shipping provider in use (RajaOngkir's own numbers with
 * RAJAONGKIR_API_KEY, idn-area-data's codes with the built-in tariff): every quote is priced from `originId`, and a
 * destination in `shopCityId` may use the shop-city couriers and go without bubble wrap.
 */
export function shopShipping(config: Pick<Config, 'rajaongkirApiKey' | 'shop'>): { originId: string; shopCityId: string } {
  const place = config.rajaongkirApiKey ? config.shop.shipping.rajaongkir : config.shop.shipping.local;
  return { originId: place.originSubdistrictId, shopCityId: place.shopCityId };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data'));
  mkdirSync(dataDir, { recursive: true });
  return {
    port: parsePort(env.PORT),
    host: env.HOST || EVERY_ADDRESS,
    dataDir,
    photosDir: path.resolve(env.PHOTOS_DIR || dataDir),
    distDir: path.resolve(env.DIST_DIR || path.join(ROOT_DIR, 'dist')),
    compression: env.COMPRESSION !== 'off',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    couchdbUrl: env.COUCHDB_URL || undefined,
    rajaongkirApiKey: env.RAJAONGKIR_API_KEY || undefined,
    rajaongkirBaseUrl: (env.RAJAONGKIR_BASE_URL || 'https://rajaongkir.komerce.id/api/v1').replace(/\/+$/, ''),
    rajaongkirCallsPerDay: parseCount('RAJAONGKIR_CALLS_PER_DAY', env.RAJAONGKIR_CALLS_PER_DAY, DEFAULT_RAJAONGKIR_CALLS_PER_DAY),
    quotesPerHour: parseCount('QUOTES_PER_HOUR', env.QUOTES_PER_HOUR, DEFAULT_QUOTES_PER_HOUR),
    trackingIntervalMinutes: parseMinutes(env.TRACKING_INTERVAL_MINUTES),
    sessionSecret: env.SESSION_SECRET || persistedSecret(dataDir),
    shop: shopSettings,
    clockSkewMs: Number(env.SYNC_CLOCK_SKEW_MS) > 0 ? Number(env.SYNC_CLOCK_SKEW_MS) : 0,
    unpaidExpiryHours: parseHours(env.UNPAID_EXPIRY_HOURS),
    photoKeepDays: parseDays(env.PHOTO_KEEP_DAYS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secureCookies: parseSecureCookies(env.SECURE_COOKIES),
    signupsPerHour: parseCount('SIGNUPS_PER_HOUR', env.SIGNUPS_PER_HOUR, DEFAULT_SIGNUPS_PER_HOUR),
    midtransServerKey: env.MIDTRANS_SERVER_KEY || undefined,
    midtransApiUrl: (env.MIDTRANS_API_URL || MIDTRANS_PRODUCTION_URL).replace(/\/+$/, ''),
  };
}

/** HOST unset: every IPv4 address, as the shop always listened. */
const EVERY_ADDRESS = '0.0.0.0';

/** Whether `host` is every address of the machine (0.0.0.0, ::), not one of them. */
export const listensEverywhere = (host: string): boolean => ['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0'].includes(host);

/** How a URL on this machine names the address the server listens on (`everywhere` for every address; IPv6 in brackets). */
export const hostInUrl = (host: string, everywhere: string): string => (listensEverywhere(host) ? everywhere : host.includes(':') ? `[${host}]` : host);

/**
 * What to warn the owner of when the server starts. TRUST_PROXY believes whoever connects about the customer's address:
 * with the shop's port open on every address, anyone who reaches it directly names any address they like and escapes
 * every per-address limit.
 */
export function startWarnings(config: Pick<Config, 'host' | 'port' | 'trustProxy'>): string[] {
  if (config.trustProxy === false || !listensEverywhere(config.host)) return [];
  return [
    `! TRUST_PROXY diatur, tetapi server mendengarkan di semua alamat (${config.host}:${config.port}): siapa pun yang menjangkau ` +
      'port ini langsung dapat memalsukan X-Forwarded-For dan lolos dari batas per alamat. Di belakang proxy pada mesin ini, ' +
      'atur HOST=127.0.0.1 (docs/deploy.md).',
  ];
}

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${value}`);
  return port;
}

function parseHours(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_UNPAID_EXPIRY_HOURS;
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours < 0) throw new Error(`UNPAID_EXPIRY_HOURS is not a number of hours: ${value}`);
  return hours;
}

function parseMinutes(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_TRACKING_INTERVAL_MINUTES;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes < 1) throw new Error(`TRACKING_INTERVAL_MINUTES is not a number of minutes (1 or more): ${value}`);
  return minutes;
}

/** PHOTO_KEEP_DAYS unset: a month, long enough for a draft kept offline on a phone. */
const DEFAULT_PHOTO_KEEP_DAYS = 30;

function parseDays(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PHOTO_KEEP_DAYS;
  const days = Number(value);
  if (!Number.isFinite(days) || days < 0) throw new Error(`PHOTO_KEEP_DAYS is not a number of days: ${value}`);
  return days;
}

/** A number of hops, true/false, or Express's names and addresses ('loopback', '10.0.0.0/8, 192.168.1.1'). */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const DEFAULT_SIGNUPS_PER_HOUR = 10;
/** Half of RajaOngkir's free plan (about 100 cost calls a day), the rest left to the resi tracking on the same key. */
const DEFAULT_RAJAONGKIR_CALLS_PER_DAY = 50;
/** A customer choosing a destination and trying each courier asks a dozen or two; an address may hold several customers. */
const DEFAULT_QUOTES_PER_HOUR = 120;

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} is not a whole number: ${value}`);
  return n;
}

function parseSecureCookies(value: string | undefined): boolean | 'auto' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`SECURE_COOKIES is not 1, 0 or auto: ${value}`);
}

/** Without SESSION_SECRET, one random secret is made on first start and kept in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
