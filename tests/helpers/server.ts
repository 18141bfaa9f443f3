/**
 * Starts the real sync server on a free loopback port against a real LevelDB store in a temp DATA_DIR,
 * and a tiny HTTP client that keeps cookies like a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config, type Env } from '../../sync-server/config';
import type { AppOptions } from '../../sync-server/app';
import { startServer } from '../../sync-server/server';

export const TEST_ADMIN = { email: 'admin@jepret.test', password: 'admin12345' };
export const TEST_SECRET = 'test-session-secret';
/** What every test customer signs up with: strong enough for the sign-up's strength check (zxcvbn score ≥ 2). */
export const TEST_PASSWORD = 'Rahasia-Jepret-26';

export interface TestServer {
  url: string;
  port: number;
  config: Config;
  dataDir: string;
  /** Lines the server printed (first-start admin credentials) and its warnings at start. */
  printed: string[];
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'jepret-test-'));
}

/** `env.DATA_DIR` given: the caller owns (and removes) it; otherwise a temp dir removed on close. */
export async function startTestServer(env: Partial<Env> = {}, options: Omit<AppOptions, 'print' | 'warn'> = {}): Promise<TestServer> {
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const config = loadConfig({
    PORT: '0',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    SESSION_SECRET: TEST_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Suites sign up dozens of customers from one address; the limit itself is tested with its default.
    SIGNUPS_PER_HOUR: '10000',
    ...env,
    DATA_DIR: dataDir,
  });
  const printed: string[] = [];
  const server = await startServer(config, { ...options, print: (line) => printed.push(line), warn: (line) => printed.push(line) });
  return {
    url: server.url,
    port: server.port,
    config,
    dataDir,
    printed,
    async close() {
      await server.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A cookie-keeping client: `fetch` is a drop-in `typeof fetch` (for startSync), `get`/`post` answer JSON. */
export class HttpClient {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  fetch: typeof fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.baseUrl), { ...init, headers, credentials: undefined });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  };

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await this.fetch(path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
}

let counter = 0;
/** A new customer account, signed in on `client`. */
export async function signUp(client: HttpClient, email = `pelanggan${Date.now()}${counter++}@contoh.id`) {
  const res = await client.post('/api/auth/signup', { email, password: TEST_PASSWORD, phone: '081234567890', address: 'Jl. Merdeka 1, Semarang' });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user as { uid: string; email: string; username: string; admin: boolean };
}

/** A server with the admin and two new customers (sari, budi) signed in, each on a client of their own. */
export async function startShop(env: Partial<Env> = {}) {
  const server = await startTestServer(env);
  const [admin, sari, budi] = [new HttpClient(server.url), new HttpClient(server.url), new HttpClient(server.url)];
  await signInAdmin(admin);
  const uid = { sari: (await signUp(sari)).uid, budi: (await signUp(budi)).uid };
  return { server, admin, sari, budi, uid };
}

export async function signInAdmin(client: HttpClient) {
  const res = await client.post('/api/auth/login', TEST_ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.body.user as { uid: string; email: string; username: string; admin: boolean };
}

/** Pulls a collection from the start until caught up. */
export async function pullAll(client: HttpClient, collection: string, limit = 100) {
  const docs: any[] = [];
  let checkpoint: unknown = null;
  for (;;) {
    const res = await client.get(`/api/sync/${collection}/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=${limit}`);
    if (res.status !== 200) throw new Error(`pull ${collection}: ${res.status} ${JSON.stringify(res.body)}`);
    docs.push(...res.body.documents);
    checkpoint = res.body.checkpoint;
    if (res.body.documents.length < limit) return { docs, checkpoint };
  }
}

/** Pushes new documents (no assumed master). */
export function pushNew(client: HttpClient, collection: string, docs: Record<string, unknown>[]) {
  return client.post(`/api/sync/${collection}/push`, docs.map((d) => ({ newDocumentState: { _deleted: false, ...d } })));
}

/** Pushes a change of a document the client knows as `master`. */
export function pushChange(client: HttpClient, collection: string, master: Record<string, unknown>, next: Record<string, unknown>) {
  return client.post(`/api/sync/${collection}/push`, [{ assumedMasterState: master, newDocumentState: next }]);
}

/** Uploads one image as `client` through POST /api/uploads and answers its URL. */
export async function uploadPhoto(client: HttpClient, bytes: Buffer, name = 'foto.jpg'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await client.fetch('/api/uploads', { method: 'POST', body: form });
  const body = (await res.json()) as { url?: string };
  if ((res.status !== 201 && res.status !== 200) || !body.url) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.url;
}
