/**
 * What one address can hold of the server: open event streams, request bodies that stop arriving, the photo decoder.
 * Each is bounded or shared, answered in the API's JSON, and a real customer's device keeps working.
 */
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';
import { STREAM_LIMITS } from '../../sync-server/sync/stream';
import { decodes } from '../../sync-server/uploads/decode-queue';

const IDLE_MS = 600;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { bodyIdleMs: IDLE_MS });
});
afterAll(() => server.close());

/** Opens the change stream; answers its status and a way to close it. */
async function openStream(client: HttpClient) {
  const controller = new AbortController();
  const res = await client.fetch('/api/sync/stream', { signal: controller.signal });
  return { res, close: () => controller.abort() };
}

describe('event streams per address', () => {
  it('when one address opens more streams than it may hold, then the one past the limit is 429 too_many_streams with Retry-After, and closing one makes room', async () => {
    const open = await Promise.all(Array.from({ length: STREAM_LIMITS.perAddress }, () => openStream(new HttpClient(server.url))));
    try {
      expect(open.map((s) => s.res.status)).toEqual(Array(STREAM_LIMITS.perAddress).fill(200));
      const refused = await openStream(new HttpClient(server.url));
      expect(refused.res.status).toBe(429);
      expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.res.json()).toEqual({ error: 'too_many_streams', message: MESSAGES.too_many_streams });

      open.pop()!.close();
      await expect.poll(async () => {
        const again = await openStream(new HttpClient(server.url));
        again.close();
        return again.res.status;
      }).toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });
});

/** Sends the head of a request and the first bytes of its body, then nothing; answers what came back and when. */
function stallingBody(path: string, headers: Record<string, string>, first: string): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(server.port, '127.0.0.1', () => {
      const head = Object.entries({ Host: `127.0.0.1:${server.port}`, ...headers }).map(([k, v]) => `${k}: ${v}`).join('\r\n');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n${first}`);
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe('request bodies that stop arriving', () => {
  it.each([
    ['a JSON push', '/api/sync/custom/push', { 'Content-Type': 'application/json', 'Content-Length': '5000' }, '[{"newDocumentState":'],
    ['a photo upload', '/api/uploads', { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '400000' }, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8'],
    ['a chunked body', '/api/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, '5\r\n{"ema\r\n'],
  ])('when %s stops sending, then the server answers 408 body_timeout and closes the connection after its idle time', async (_name, path, headers, first) => {
    // A visitor may upload: the body is read, not refused unread.
    const visitor = new HttpClient(server.url);
    await visitor.post('/api/auth/visitor');
    const cookie = [...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const { text, closedAfterMs } = await stallingBody(path, { ...headers, Cookie: cookie }, first);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain('"error":"body_timeout"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(closedAfterMs).toBeLessThan(IDLE_MS + 5_000);
  });

  it('when a body keeps arriving slowly but steadily, then it is taken however long it takes in all', async () => {
    const body = JSON.stringify({ email: 'pelan@contoh.id', password: 'salah-sekali-9' });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', async () => {
        socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
        for (const part of body.match(/.{1,12}/g)!) {
          socket.write(part);
          await new Promise((r) => setTimeout(r, IDLE_MS / 2));
        }
      });
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });

  it('when a kept-alive connection first sent a body, then its next request, an event stream, stays open past the idle time', async () => {
    const agentClient = new HttpClient(server.url);
    await agentClient.post('/api/auth/visitor');
    const stream = await openStream(agentClient);
    try {
      await new Promise((r) => setTimeout(r, IDLE_MS * 2));
      const reader = stream.res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
    } finally {
      stream.close();
    }
  });
});

describe('the photo decoder, shared between addresses', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => own?.close());

  /** A visitor at `address` (behind the trusted proxy) who uploads photos; answers each upload's status. */
  async function visitorAt(address: string) {
    const client = new HttpClient(own.url);
    const from = { 'x-forwarded-for': address };
    await client.request('POST', '/api/auth/visitor', undefined, from);
    return async (bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'foto');
      const res = await client.fetch('/api/uploads', { method: 'POST', body: form, headers: from });
      await res.arrayBuffer();
      return res.status;
    };
  }

  it("when one address floods seven large PNGs at once and another customer then sends a small photo, then the customer's is decoded beside the flood, not after it", async () => {
    const flooder = await visitorAt('203.0.113.40');
    const customer = await visitorAt('203.0.113.41');
    // 9 megapixels of one colour each: a few KB to send, a long decode; each its own bytes (no repeat answered at once).
    const pngs = await Promise.all(
      Array.from({ length: 7 }, (_, i) => sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 20 * i, g: 90, b: 160 } } }).png().toBuffer()),
    );
    const small = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c06040' } }).jpeg().toBuffer();
    const finished: string[] = [];
    const flood = pngs.map((png, i) => flooder(png, 'image/png').then((status) => (finished.push(`flood${i}`), status)));
    // Six of the flood wait in its address's line behind the one being decoded.
    await expect.poll(() => decodes.queued, { timeout: 20_000 }).toBe(6);
    expect(await customer(small, 'image/jpeg')).toBe(201);
    finished.push('customer');
    expect(await Promise.all(flood)).toEqual(Array(7).fill(201));
    // Served in the free slot at once: at most the flood's first photo (already being decoded) ends before it.
    expect(finished.indexOf('customer')).toBeLessThanOrEqual(1);
  });
});
