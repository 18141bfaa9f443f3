/** The uploader and a session that ended: the photos keep waiting, and the app is told to ask for a login. */
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_MIN_BYTES } from '../../domain/photos';
import { addPhoto, getPhoto, progressOf, PROGRESS_NOTICE_MS, setProgress, subscribeOutbox } from './outbox';
import { startUploader, type Uploader } from './uploader';

const OWNER = 'u1sessionowner';
const URL_A = '/images/2026/01/01/1767225600-aaaaaaaaaa.jpg';

/**
 * The server's side of a resumable (tus) upload as XMLHttpRequest meets it, in memory: POST starts an upload, HEAD
 * tells how far it got, PATCH adds bytes and, once all have come, answers the photo's URL. The real server is in
 * tests/server/resumable-uploads.test.ts and the browser tests; here only the uploader's own decisions are tested.
 */
const server = {
  uploads: new Map<string, { length: number; offset: number }>(),
  /** Set: every request is answered with it (a lost session, a refusal). */
  refuse: null as null | { status: number; body: object },
  /** While set, a PATCH never answers (a connection that dropped mid-upload). */
  hang: false,
  /** Set: the next PATCH gets this many bytes through, then the connection fails. */
  cutAt: null as null | number,
  /** Set: the answer to the PATCH that finishes an upload is lost (the server has kept the photo). */
  loseLastAnswer: false,
  /** While set, each PATCH waits here until the test lets it through (`held`). */
  holdPatches: false,
  held: [] as Array<() => void>,
  /** A photo of this many bytes is refused as not an image when its upload starts. */
  refuseLength: null as null | number,
  /** The connection of the PATCH of a photo of this many bytes drops before anything arrives. */
  dropLength: null as null | number,
  /** Set: a PATCH whose body is larger is refused 413 by something in between, in HTML (a proxy's body limit). */
  bodyLimit: null as null | number,
  /** The sizes announced by each POST, in order: which photo started when. */
  started: [] as number[],
  /** Finished uploads the server remembers, with their photo's URL. */
  finished: new Map<string, string>(),
  requests: [] as string[],
  patches: [] as Array<{ offset: number; bytes: number; refused?: true }>,
};

/** What Debian's nginx answers a body over its `client_max_body_size`. */
const NGINX_413 = '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';

class FakeXhr {
  upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number }) => void) };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private sentHeaders: Record<string, string> = {};
  private answerHeaders: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.sentHeaders[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.answerHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob | null) {
    server.requests.push(this.method);
    if (this.method === 'PATCH' && server.hang) return;
    if (this.method === 'PATCH' && server.holdPatches) return void server.held.push(() => this.answer(body));
    setTimeout(() => this.answer(body), 0);
  }
  private reply(status: number, headers: Record<string, string> = {}, body = '') {
    this.status = status;
    this.answerHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.responseText = body;
    this.onload?.();
  }
  private answer(body: Blob | null) {
    if (this.method === 'PATCH' && server.bodyLimit !== null && (body?.size ?? 0) > server.bodyLimit) {
      server.patches.push({ offset: Number(this.sentHeaders['upload-offset']), bytes: body?.size ?? 0, refused: true });
      return this.reply(413, { 'Content-Type': 'text/html' }, NGINX_413);
    }
    if (server.refuse) return this.reply(server.refuse.status, {}, JSON.stringify(server.refuse.body));
    const id = this.url.split('/').pop()!;
    const upload = server.uploads.get(id);
    if (this.method === 'POST') {
      const length = Number(this.sentHeaders['upload-length']);
      server.started.push(length);
      if (length === server.refuseLength) return this.reply(415, {}, JSON.stringify({ error: 'upload_not_image', message: 'Bukan foto.' }));
      const newId = `u${server.uploads.size + server.finished.size + 1}`;
      server.uploads.set(newId, { length: Number(this.sentHeaders['upload-length']), offset: 0 });
      return this.reply(201, { Location: `/api/uploads/resumable/${newId}` });
    }
    const finished = server.finished.get(id);
    if (this.method === 'HEAD' && finished) return this.reply(200, { 'Upload-Offset': '1000', 'Upload-Length': '1000', 'Photo-Url': finished });
    if (!upload) return this.reply(404, {}, JSON.stringify({ error: 'not_found', message: 'Data tidak ditemukan.' }));
    if (this.method === 'HEAD') return this.reply(200, { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
    const offset = Number(this.sentHeaders['upload-offset']);
    if (offset !== upload.offset) return this.reply(409);
    const size = body?.size ?? 0;
    server.patches.push({ offset, bytes: size });
    if (upload.length === server.dropLength) return this.onerror?.(new Error('connection reset'));
    if (server.cutAt !== null) {
      upload.offset += server.cutAt;
      server.cutAt = null;
      return this.onerror?.(new Error('connection reset'));
    }
    upload.offset += size;
    this.upload.onprogress?.({ lengthComputable: true, loaded: size });
    if (upload.offset < upload.length) return this.reply(204, { 'Upload-Offset': String(upload.offset) });
    server.uploads.delete(id);
    server.finished.set(id, URL_A);
    if (server.loseLastAnswer) {
      server.loseLastAnswer = false;
      return this.onerror?.(new Error('connection reset'));
    }
    this.reply(201, { 'Upload-Offset': String(upload.offset), 'Photo-Url': URL_A }, JSON.stringify({ url: URL_A }));
  }
}

/** A fresh server that takes every upload (URL_A), or whose PATCHes never answer while `hanging`. */
function serverTakes({ hanging }: { hanging: boolean }): void {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(server, {
    uploads: new Map(), refuse: null, hang: hanging, cutAt: null, loseLastAnswer: false, finished: new Map(), requests: [], patches: [],
    holdPatches: false, held: [], refuseLength: null, dropLength: null, started: [], bodyLimit: null,
  });
}

/**
 * A photo's bytes as the outbox hands them back. fake-indexeddb stores a structured clone, which Node makes of its
 * own Blob but not of jsdom's (a real browser clones either); the uploader needs a Blob it can slice.
 */
const photoBytes = (part: BlobPart) => new NodeBlob([part as string]) as unknown as Blob;

let uploader: Uploader | null = null;
afterEach(() => {
  uploader?.stop();
  vi.unstubAllGlobals();
});

it('when an upload is answered 401, then the photo keeps waiting, the app hears that the session is gone, and after a login it goes', async () => {
  serverTakes({ hanging: false });
  server.refuse = { status: 401, body: { error: 'not_signed_in', message: 'Silakan masuk terlebih dahulu.' } };
  const onSignedOut = vi.fn();
  uploader = startUploader({ owner: OWNER, collections: {}, retryMs: 20, onSignedOut });
  const photo = await addPhoto(OWNER, { blob: photoBytes('x'), name: 'foto.jpg', width: 10, height: 10 });
  await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  expect((await getPhoto(photo.id))?.status).toBe('waiting');

  server.refuse = null;
  uploader.kick();
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
});

it('when the phone goes offline while a photo is on its way, then the upload is given up at once (no "Mengunggah 0%" for minutes) and goes again once online', async () => {
  serverTakes({ hanging: true });
  uploader = startUploader({ owner: `${OWNER}2`, collections: {}, retryMs: 60_000 });
  const photo = await addPhoto(`${OWNER}2`, { blob: photoBytes('y'), name: 'pantai.jpg', width: 10, height: 10 });
  await vi.waitFor(() => expect(progressOf(photo.id)).toBe(0));

  window.dispatchEvent(new Event('offline'));
  await vi.waitFor(() => expect(progressOf(photo.id)).toBeUndefined());
  expect((await getPhoto(photo.id))?.status).toBe('waiting');

  server.hang = false;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
  // The same upload went on (asked where it stood), not a second one.
  expect(server.requests).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
});

it('when the phone is offline, then a photo added waits without a try (no "Mengunggah 0%" flashing) and goes once online', async () => {
  serverTakes({ hanging: false });
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  try {
    const seen: Array<number | undefined> = [];
    uploader = startUploader({ owner: `${OWNER}3`, collections: {}, retryMs: 20 });
    const photo = await addPhoto(`${OWNER}3`, { blob: photoBytes('z'), name: 'gunung.jpg', width: 10, height: 10 });
    const watch = setInterval(() => seen.push(progressOf(photo.id)), 1);
    await new Promise((r) => setTimeout(r, 150));
    clearInterval(watch);
    expect(server.requests).toEqual([]);
    expect(seen.filter((p) => p !== undefined)).toEqual([]);
    expect((await getPhoto(photo.id))?.status).toBe('waiting');

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
    expect(server.requests).toEqual(['POST', 'PATCH']);
  } finally {
    onLine.mockRestore();
  }
});

it('when the connection breaks after part of a photo arrived, then the next try sends only the rest, also from a new start of the app', async () => {
  serverTakes({ hanging: false });
  const owner = `${OWNER}4`;
  server.cutAt = 600;
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  const photo = await addPhoto(owner, { blob: photoBytes(new Uint8Array(1000)), name: 'sawah.jpg', width: 10, height: 10 });
  await vi.waitFor(() => expect(server.patches).toHaveLength(1));
  await vi.waitFor(async () => expect((await getPhoto(photo.id))?.resumeUrl).toBe('/api/uploads/resumable/u1'));
  expect((await getPhoto(photo.id))?.status).toBe('waiting');
  // The app closed before its retry: the next start of the app continues the same upload.
  uploader.stop();
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
  expect(server.requests).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
  expect(server.patches).toEqual([
    { offset: 0, bytes: 1000 },
    { offset: 600, bytes: 400 },
  ]);
  expect((await getPhoto(photo.id))?.resumeUrl).toBeUndefined();
});

it('when the server refuses the finished photo (not an image), then it fails with the server\'s message and is not tried again', async () => {
  serverTakes({ hanging: false });
  const owner = `${OWNER}5`;
  server.refuse = { status: 415, body: { error: 'upload_not_image', message: 'File ini bukan foto yang dapat dibaca (JPG, PNG atau HEIC). Pilih foto lain.' } };
  uploader = startUploader({ owner, collections: {}, retryMs: 20 });
  const photo = await addPhoto(owner, { blob: photoBytes('bukan foto'), name: 'catatan.jpg', width: 10, height: 10 });
  await vi.waitFor(async () =>
    expect(await getPhoto(photo.id)).toMatchObject({ status: 'failed', error: 'File ini bukan foto yang dapat dibaca (JPG, PNG atau HEIC). Pilih foto lain.' }),
  );
  await new Promise((r) => setTimeout(r, 100));
  expect(server.requests).toEqual(['POST']);
});

it('when the answer to the last bytes is lost, then the next try learns from the server that the photo arrived, and sends nothing again', async () => {
  serverTakes({ hanging: false });
  const owner = `${OWNER}6`;
  server.loseLastAnswer = true;
  uploader = startUploader({ owner, collections: {}, retryMs: 20 });
  const photo = await addPhoto(owner, { blob: photoBytes(new Uint8Array(1000)), name: 'kebun.jpg', width: 10, height: 10 });
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
  expect(server.requests).toEqual(['POST', 'PATCH', 'HEAD']);
  expect(server.patches).toEqual([{ offset: 0, bytes: 1000 }]);
});

/** A photo of `bytes` bytes added to the outbox `at` (its place in the order the customer picked). */
const addSized = (owner: string, bytes: number, at: number) =>
  addPhoto(owner, { blob: photoBytes(new Uint8Array(bytes)), name: `foto-${bytes}.jpg`, width: 10, height: 10 }, at);

/** Lets the PATCHes held so far through. */
const release = () => server.held.splice(0).forEach((answer) => answer());

it('when four photos wait, then two upload at once, in the order they were picked, and the next starts as soon as one ends', async () => {
  serverTakes({ hanging: false });
  server.holdPatches = true;
  const owner = `${OWNER}7`;
  const photos = [await addSized(owner, 101, 1), await addSized(owner, 102, 2), await addSized(owner, 103, 3), await addSized(owner, 104, 4)];
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  await vi.waitFor(() => expect(server.held).toHaveLength(2));
  await new Promise((r) => setTimeout(r, 50));
  expect(server.started).toEqual([101, 102]);
  expect(progressOf(photos[0]!.id)).toBe(0);
  expect(progressOf(photos[1]!.id)).toBe(0);
  expect(progressOf(photos[2]!.id)).toBeUndefined();

  server.held.shift()!();
  await vi.waitFor(() => expect(server.started).toEqual([101, 102, 103]));
  expect(server.held).toHaveLength(2);
  server.holdPatches = false;
  release();
  for (const photo of photos) await vi.waitFor(async () => expect((await getPhoto(photo.id))?.status).toBe('done'));
  expect(server.started).toEqual([101, 102, 103, 104]);
});

it('when a photo is added while another is on its way, then it starts at once beside it (the next photo of a pick goes up while the one before is still uploading)', async () => {
  serverTakes({ hanging: false });
  server.holdPatches = true;
  const owner = `${OWNER}8`;
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  const first = await addSized(owner, 201, 1);
  await vi.waitFor(() => expect(server.held).toHaveLength(1));
  const second = await addSized(owner, 202, 2);
  await vi.waitFor(() => expect(server.held).toHaveLength(2));
  expect(progressOf(first.id)).toBe(0);
  expect(progressOf(second.id)).toBe(0);
  server.holdPatches = false;
  release();
  await vi.waitFor(async () => expect((await getPhoto(second.id))?.status).toBe('done'));
  await vi.waitFor(async () => expect((await getPhoto(first.id))?.status).toBe('done'));
});

it('when one photo\'s connection drops while another is on its way beside it, then the other still arrives, and the dropped one waits for its retry', async () => {
  serverTakes({ hanging: false });
  server.holdPatches = true;
  server.dropLength = 301;
  const owner = `${OWNER}9`;
  const dropped = await addSized(owner, 301, 1);
  const beside = await addSized(owner, 302, 2);
  const after = await addSized(owner, 303, 3);
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  await vi.waitFor(() => expect(server.held).toHaveLength(2));
  server.holdPatches = false;
  release();
  await vi.waitFor(async () => expect(await getPhoto(beside.id)).toMatchObject({ status: 'done', url: URL_A }));
  expect((await getPhoto(dropped.id))?.status).toBe('waiting');
  // The line may be down: no new upload starts before the retry (the next photo waits with the dropped one).
  expect(server.started).toEqual([301, 302]);
  expect((await getPhoto(after.id))?.status).toBe('waiting');
});

it('when an upload reports its progress many times a second, then the screens are told at once and then at most every PROGRESS_NOTICE_MS, with the latest', async () => {
  // A notice the uploads above left waiting fires first, on the real clock.
  await new Promise((resolve) => setTimeout(resolve, PROGRESS_NOTICE_MS + 20));
  vi.useFakeTimers();
  const told: Array<number | undefined> = [];
  const unsubscribe = subscribeOutbox((change) => change === 'progress' && told.push(progressOf('p1')));
  try {
    vi.advanceTimersByTime(PROGRESS_NOTICE_MS);
    for (let i = 1; i <= 10; i++) setProgress('p1', i / 10);
    expect(told).toEqual([0.1]);
    vi.advanceTimersByTime(PROGRESS_NOTICE_MS - 1);
    expect(told).toEqual([0.1]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([0.1, 1]);
    setProgress('p1', null);
    vi.advanceTimersByTime(PROGRESS_NOTICE_MS);
    expect(told).toEqual([0.1, 1, undefined]);
  } finally {
    unsubscribe();
    vi.useRealTimers();
  }
});

it('when a photo is larger than one piece, then it goes in PATCHes of at most UPLOAD_CHUNK_BYTES (under a default nginx\'s 1 MB), each going on from the last', async () => {
  serverTakes({ hanging: false });
  const owner = `${OWNER}chunks`;
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  const size = Math.round(2.3 * UPLOAD_CHUNK_BYTES);
  const photo = await addSized(owner, size, 1);
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
  expect(UPLOAD_CHUNK_BYTES).toBeLessThan(1024 * 1024);
  expect(server.patches).toEqual([
    { offset: 0, bytes: UPLOAD_CHUNK_BYTES },
    { offset: UPLOAD_CHUNK_BYTES, bytes: UPLOAD_CHUNK_BYTES },
    { offset: 2 * UPLOAD_CHUNK_BYTES, bytes: size - 2 * UPLOAD_CHUNK_BYTES },
  ]);
});

it('when a proxy refuses a piece as too large (a 413 the shop did not write), then the same upload goes on at once in halves, and the next photo starts in halves too', async () => {
  serverTakes({ hanging: false });
  server.bodyLimit = 300_000;
  const owner = `${OWNER}proxy`;
  // A retry after a failure would wait a minute: the smaller pieces must not.
  uploader = startUploader({ owner, collections: {}, retryMs: 60_000 });
  const first = await addSized(owner, 700_000, 1);
  await vi.waitFor(async () => expect(await getPhoto(first.id)).toMatchObject({ status: 'done', url: URL_A }));
  const half = UPLOAD_CHUNK_BYTES / 2;
  expect(server.started).toEqual([700_000]);
  expect(server.patches).toEqual([
    { offset: 0, bytes: UPLOAD_CHUNK_BYTES, refused: true },
    { offset: 0, bytes: half },
    { offset: half, bytes: half },
    { offset: 2 * half, bytes: 700_000 - 2 * half },
  ]);
  expect(server.requests).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH', 'PATCH', 'PATCH']);

  server.patches = [];
  const second = await addSized(owner, 400_000, 2);
  await vi.waitFor(async () => expect(await getPhoto(second.id)).toMatchObject({ status: 'done' }));
  expect(server.patches).toEqual([
    { offset: 0, bytes: half },
    { offset: half, bytes: 400_000 - half },
  ]);
});

it('when a proxy refuses even the smallest piece, then the photo fails with words that say so (not "try later") and is not tried again', async () => {
  serverTakes({ hanging: false });
  server.bodyLimit = 1000;
  const owner = `${OWNER}tiny`;
  uploader = startUploader({ owner, collections: {}, retryMs: 20 });
  const photo = await addSized(owner, 200_000, 1);
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'failed', error: MESSAGES.upload_refused_by_proxy }));
  // 512 KB pieces (the whole photo), then 256 KB (still the whole photo), 128 KB, 64 KB: each refused, then no more.
  expect(server.patches.map((p) => p.bytes)).toEqual([200_000, 200_000, 131_072, UPLOAD_CHUNK_MIN_BYTES]);
  await new Promise((r) => setTimeout(r, 100));
  expect(server.patches).toHaveLength(4);
  expect(MESSAGES.upload_refused_by_proxy).not.toBe(MESSAGES.internal);
});

it('when the shop itself refuses the photo as too large (its JSON 413), then it fails with the shop\'s words at once, no smaller pieces', async () => {
  serverTakes({ hanging: false });
  server.refuse = { status: 413, body: { error: 'upload_too_large', message: MESSAGES.upload_too_large } };
  const owner = `${OWNER}shop413`;
  uploader = startUploader({ owner, collections: {}, retryMs: 20 });
  const photo = await addSized(owner, 2000, 1);
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'failed', error: MESSAGES.upload_too_large }));
  await new Promise((r) => setTimeout(r, 100));
  expect(server.requests).toEqual(['POST']);
});
