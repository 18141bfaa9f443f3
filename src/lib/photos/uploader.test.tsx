/** The uploader and a session that ended: the photos keep waiting, and the app is told to ask for a login. */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { addPhoto, getPhoto, progressOf } from './outbox';
import { startUploader, type Uploader } from './uploader';

const OWNER = 'u1sessionowner';
const URL_A = '/images/2026/01/01/1767225600-aaaaaaaaaa.jpg';

/** The server as XMLHttpRequest meets it: answers `answer.status` with `answer.body`. */
const answer = { status: 401, body: { error: 'not_signed_in', message: 'Silakan masuk terlebih dahulu.' } as object };
class FakeXhr {
  upload = { onprogress: null };
  status = 0;
  response: unknown = null;
  timeout = 0;
  responseType = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  abort() {
    this.onabort?.();
  }
  send() {
    sent++;
    if (hang) return;
    setTimeout(() => {
      this.status = answer.status;
      this.response = answer.body;
      this.onload?.();
    }, 0);
  }
}

/** While set, the server never answers (a connection that dropped mid-upload); `sent` counts the uploads begun. */
let hang = false;
let sent = 0;

/** The server takes every upload (201 with URL_A), or never answers while `hanging`; `sent` counts from 0. */
function serverTakes({ hanging }: { hanging: boolean }): void {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('FormData', class { append() {} });
  Object.assign(answer, { status: 201, body: { url: URL_A } });
  hang = hanging;
  sent = 0;
}

let uploader: Uploader | null = null;
afterEach(() => {
  uploader?.stop();
  vi.unstubAllGlobals();
});

it('when an upload is answered 401, then the photo keeps waiting, the app hears that the session is gone, and after a login it goes', async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // The outbox's blob comes back from fake-indexeddb as another realm's Blob, which jsdom's FormData refuses.
  vi.stubGlobal('FormData', class { append() {} });
  const onSignedOut = vi.fn();
  uploader = startUploader({ owner: OWNER, collections: {}, retryMs: 20, onSignedOut });
  const photo = await addPhoto(OWNER, { blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 });
  await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  expect((await getPhoto(photo.id))?.status).toBe('waiting');

  Object.assign(answer, { status: 201, body: { url: URL_A } });
  uploader.kick();
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
});

it('when the phone goes offline while a photo is on its way, then the upload is given up at once (no "Mengunggah 0%" for minutes) and goes again once online', async () => {
  serverTakes({ hanging: true });
  uploader = startUploader({ owner: `${OWNER}2`, collections: {}, retryMs: 60_000 });
  const photo = await addPhoto(`${OWNER}2`, { blob: new Blob(['y']), name: 'pantai.jpg', width: 10, height: 10 });
  await vi.waitFor(() => expect(progressOf(photo.id)).toBe(0));

  window.dispatchEvent(new Event('offline'));
  await vi.waitFor(() => expect(progressOf(photo.id)).toBeUndefined());
  expect((await getPhoto(photo.id))?.status).toBe('waiting');

  hang = false;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
  expect(sent).toBe(2);
});

it('when the phone is offline, then a photo added waits without a try (no "Mengunggah 0%" flashing) and goes once online', async () => {
  serverTakes({ hanging: false });
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  try {
    const seen: Array<number | undefined> = [];
    uploader = startUploader({ owner: `${OWNER}3`, collections: {}, retryMs: 20 });
    const photo = await addPhoto(`${OWNER}3`, { blob: new Blob(['z']), name: 'gunung.jpg', width: 10, height: 10 });
    const watch = setInterval(() => seen.push(progressOf(photo.id)), 1);
    await new Promise((r) => setTimeout(r, 150));
    clearInterval(watch);
    expect(sent).toBe(0);
    expect(seen.filter((p) => p !== undefined)).toEqual([]);
    expect((await getPhoto(photo.id))?.status).toBe('waiting');

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await getPhoto(photo.id)).toMatchObject({ status: 'done', url: URL_A }));
    expect(sent).toBe(1);
  } finally {
    onLine.mockRestore();
  }
});
