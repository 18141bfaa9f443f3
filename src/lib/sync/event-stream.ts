/**
 * A Server-Sent-Events client over fetch streaming: runs in browsers and Node 20 alike, sends cookies
 * through the given fetch, and reconnects with backoff. (EventSource cannot take an injected fetch.)
 */
export interface EventStreamOptions {
  url: string;
  fetch: typeof fetch;
  onEvent(event: string, data: string): void;
  onOpen(): void;
  onDown(error: unknown): void;
  /** First retry delay; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The server answered, but keeps no stream for this device now (429: its address holds as many as the server allows).
 * Not a lost connection: the caller pulls by itself meanwhile, and the stream is asked for again after `retryAfterMs`.
 */
export class StreamRefused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('event stream: refused for now (HTTP 429)');
  }
}

/** The server answered the stream with an error status (426: the app is older than the server's sync protocol). */
export class StreamAnswered extends Error {
  constructor(readonly status: number) {
    super(`event stream: HTTP ${status}`);
  }
}

export interface EventStream {
  /** Reconnect now if the stream is down (e.g. the browser came back online). */
  kick(): void;
  close(): void;
}

/** Feeds text chunks, calls `dispatch` for every complete event (SSE wire format, comments ignored). */
export function createSseParser(dispatch: (event: string, data: string) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0 || event) dispatch(event || 'message', data.join('\n'));
        event = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  };
}

/** Retry-After in seconds (the only form the server sends), as milliseconds; a minute when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 60_000;
}

export function openEventStream(opts: EventStreamOptions): EventStream {
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  let closed = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  let failures = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function connectOnce(): Promise<void> {
    controller = new AbortController();
    const res = await opts.fetch(opts.url, {
      headers: { accept: 'text/event-stream' },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (res.status === 429) throw new StreamRefused(retryAfterMs(res.headers.get('retry-after')));
    if (!res.ok) throw new StreamAnswered(res.status);
    if (!res.body) throw new Error('event stream: no body');
    failures = 0;
    opts.onOpen();
    const parse = createSseParser(opts.onEvent);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parse(value);
    }
    throw new Error('event stream ended');
  }

  void (async () => {
    while (!closed) {
      let wait: number | null = null;
      try {
        await connectOnce();
      } catch (err) {
        if (closed) break;
        opts.onDown(err);
        if (err instanceof StreamRefused) wait = err.retryAfterMs;
      }
      failures += 1;
      const delay = wait ?? Math.min(maxDelay, minDelay * 2 ** Math.min(failures - 1, 10));
      await sleep(delay * (0.75 + Math.random() * 0.5));
    }
  })();

  return {
    kick() {
      wake?.();
    },
    close() {
      closed = true;
      controller?.abort();
      wake?.();
    },
  };
}
