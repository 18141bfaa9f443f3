/**
 * 'Pesan lagi' asks the real server which of an old order's photos it still keeps for the customer
 * (src/lib/photos/still-kept.ts): a deleted photo and another customer's are gone, their own is kept.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { photosGone } from '../../src/lib/photos/still-kept';
import { HttpClient, signUp, startTestServer, uploadPhoto, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const jpeg = () => sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } }).jpeg().toBuffer();

it("when an old order's photos are checked, then a deleted photo and another customer's are gone, and the customer's own is kept", async () => {
  const sari = new HttpClient(server.url);
  const budi = new HttpClient(server.url);
  await signUp(sari);
  await signUp(budi);
  const [kept, deleted, budis] = [await uploadPhoto(sari, await jpeg()), await uploadPhoto(sari, await jpeg()), await uploadPhoto(budi, await jpeg())];
  expect((await sari.fetch(deleted, { method: 'DELETE' })).status).toBe(204);
  const gone = await photosGone([kept, deleted, budis], sari.fetch);
  expect([...gone].sort()).toEqual([deleted, budis].sort());
});

it('when the server cannot be reached, then every photo is taken as kept', async () => {
  const offline: typeof fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  expect(await photosGone(['/images/2026/11/01/1793500000-abcdefghij.jpg'], offline)).toEqual(new Set());
});
