/**
 * Photos nothing names leave the disk after PHOTO_KEEP_DAYS (sync-server/uploads/sweep.ts): uploaded and named
 * over real HTTP, swept against the real LevelDB store with the clock passed in, then read again over HTTP from a
 * restarted server.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { photoFile } from '../../sync-server/uploads/paths';
import { savePhoto } from '../../sync-server/uploads/photo-store';
import { sweepUnusedPhotos } from '../../sync-server/uploads/sweep';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, tempDataDir, TEST_ADMIN, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { cartDoc, tinyJpeg } from './fixtures';

const DAY = 24 * 3600_000;
let dir: string;
let server: TestServer;
const urls = {} as Record<'inCart' | 'outOfCart' | 'neverNamed' | 'sentAgain' | 'profile' | 'product' | 'abandonedProduct', string>;
let customer: { email: string; uid: string };

async function uploadAs(client: HttpClient, bytes: Buffer, isPublic = false): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await client.fetch(`/api/uploads${isPublic ? '?public=1' : ''}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Opens the stopped server's store for `work`. */
async function withStore<T>(work: (config: ReturnType<typeof loadConfig>, store: Store) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' });
  const store = await Store.open(config);
  try {
    return await work(config, store);
  } finally {
    await store.close();
  }
}
const sweepAt = (now: number, keepDays = 30) => withStore((config, store) => sweepUnusedPhotos(config, store, now, keepDays));

beforeAll(async () => {
  dir = tempDataDir();
  server = await startTestServer({ DATA_DIR: dir });
  const sari = new HttpClient(server.url);
  const user = await signUp(sari);
  customer = user;
  const admin = new HttpClient(server.url);
  await signInAdmin(admin);

  urls.inCart = await uploadAs(sari, await tinyJpeg(1));
  urls.outOfCart = await uploadAs(sari, await tinyJpeg(2));
  urls.neverNamed = await uploadAs(sari, await tinyJpeg(3));
  urls.sentAgain = await uploadAs(sari, await tinyJpeg(7));
  urls.profile = await uploadAs(sari, await tinyJpeg(4));
  urls.product = await uploadAs(admin, await tinyJpeg(5), true);
  urls.abandonedProduct = await uploadAs(admin, await tinyJpeg(6), true);

  // A photo-print cart item names two photos; the customer then takes one out (the item is written again).
  const item = cartDoc(user.uid, { produkID: '1', img: [urls.inCart, urls.outOfCart], qty: 2 });
  expect((await pushNew(sari, 'carts', [item])).body).toEqual({ conflicts: [], refused: [] });
  const [stored] = (await pullAll(sari, 'carts')).docs.filter((d: { id: string }) => d.id === item.id);
  const kept = { img: [urls.inCart], photos: [{ url: urls.inCart, caption: '' }], qty: 1 };
  expect((await pushChange(sari, 'carts', stored, { ...stored, ...kept })).body).toEqual({ conflicts: [], refused: [] });
  // The profile photo, and a product's new image.
  const [profile] = (await pullAll(sari, 'users')).docs;
  expect((await pushChange(sari, 'users', profile, { ...profile, pict: urls.profile })).body).toEqual({ conflicts: [], refused: [] });
  const bingkai = (await pullAll(admin, 'goods')).docs.find((g: { id: string }) => g.id === '2');
  expect((await pushChange(admin, 'goods', bingkai, { ...bingkai, img: urls.product })).body).toEqual({ conflicts: [], refused: [] });
  await server.close();
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('photos nothing names leave after PHOTO_KEEP_DAYS', () => {
  it('when 30 days have passed, then photos no live document names go (files, thumbnails, records) and every named one stays', async () => {
    const files = (url: string) => [photoFile({ photosDir: dir }, url)!, photoFile({ photosDir: dir }, url, true)!];
    for (const url of Object.values(urls)) expect(files(url).every(existsSync)).toBe(true);

    // Not yet a month old: nothing goes, named or not; 0 days means keep everything.
    expect((await sweepAt(Date.now() + 29 * DAY)).removed).toEqual([]);
    expect((await sweepAt(Date.now() + 365 * DAY, 0)).removed).toEqual([]);
    // Four weeks on, the customer picks the same photo again: the upload answers the stored one, which counts as new.
    const again = await withStore(async (config, store) => savePhoto(config, store, customer.uid, await tinyJpeg(7), { address: '127.0.0.1', nowMs: Date.now() + 28 * DAY }));
    expect(again).toEqual({ url: urls.sentAgain, created: false });

    const swept = await sweepAt(Date.now() + 31 * DAY);
    expect(swept.removed.sort()).toEqual([urls.outOfCart, urls.neverNamed, urls.abandonedProduct].sort());
    expect(swept.kept).toBe(3);
    for (const url of swept.removed) expect(files(url).some(existsSync)).toBe(false);
    for (const url of [urls.inCart, urls.profile, urls.product, urls.sentAgain]) expect(files(url).every(existsSync)).toBe(true);
    // A second pass finds nothing more to do; a month after it was sent again, the repeated photo goes too.
    expect((await sweepAt(Date.now() + 32 * DAY)).removed).toEqual([]);
    expect((await sweepAt(Date.now() + 59 * DAY)).removed).toEqual([urls.sentAgain]);

    // Served again by a restarted server: the kept photos to their owner (the product image to anyone), the rest 404.
    server = await startTestServer({ DATA_DIR: dir });
    const sari = new HttpClient(server.url);
    expect((await sari.post('/api/auth/login', { email: customer.email, password: TEST_PASSWORD })).status).toBe(200);
    for (const url of [urls.inCart, urls.profile]) expect((await sari.fetch(url)).status).toBe(200);
    for (const url of [urls.outOfCart, urls.neverNamed, urls.sentAgain]) expect((await sari.fetch(url)).status).toBe(404);
    const visitor = new HttpClient(server.url);
    expect((await visitor.fetch(urls.product)).status).toBe(200);
    expect((await visitor.fetch(urls.abandonedProduct)).status).toBe(404);
    const admin = new HttpClient(server.url);
    expect((await admin.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    expect((await admin.fetch(urls.neverNamed)).status).toBe(404);
  });

  it('when PHOTO_KEEP_DAYS is set, then it is read as days; unset is 30, and a word is refused at start', () => {
    const at = (value?: string) => loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x', PHOTO_KEEP_DAYS: value }).photoKeepDays;
    expect(at()).toBe(30);
    expect(at('7')).toBe(7);
    expect(at('0')).toBe(0);
    expect(() => at('sebulan')).toThrow(/PHOTO_KEEP_DAYS/);
  });
});
