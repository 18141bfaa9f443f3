import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, StreamRefused, type EventStream } from './event-stream';

let stream: EventStream | null = null;
afterEach(() => {
  stream?.close();
  stream = null;
  vi.useRealTimers();
});

describe('the event stream when the server refuses it for now', () => {
  it('when the server answers 429 with Retry-After, then the caller hears StreamRefused (not a lost connection) and the stream is asked for again only after that wait', async () => {
    vi.useFakeTimers();
    const asked: number[] = [];
    const downs: unknown[] = [];
    const fetch = (async () => {
      asked.push(Date.now());
      return new Response(JSON.stringify({ error: 'too_many_streams', message: '…' }), { status: 429, headers: { 'Retry-After': '40' } });
    }) as typeof globalThis.fetch;
    stream = openEventStream({ url: '/api/sync/stream', fetch, onEvent: () => {}, onOpen: () => {}, onDown: (err) => downs.push(err), minDelayMs: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    expect(downs[0]).toBeInstanceOf(StreamRefused);
    expect((downs[0] as StreamRefused).retryAfterMs).toBe(40_000);
    // The ordinary backoff (10 ms here) does not apply: not before 30 s (40 s less the jitter), by 50 s.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(21_000);
    expect(asked).toHaveLength(2);
  });

  it('when the server is unreachable, then the caller hears an ordinary error and the backoff is the usual one', async () => {
    vi.useFakeTimers();
    const downs: unknown[] = [];
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    stream = openEventStream({ url: '/api/sync/stream', fetch, onEvent: () => {}, onOpen: () => {}, onDown: (err) => downs.push(err), minDelayMs: 10 });
    await vi.advanceTimersByTimeAsync(100);
    expect(downs.length).toBeGreaterThan(2);
    expect(downs.every((e) => !(e instanceof StreamRefused))).toBe(true);
  });
});
