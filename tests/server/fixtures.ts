/** Documents as the PWA would write them, with wrong prices on purpose (the server must fix them). */
import sharp from 'sharp';
import { cartCode, customCode, transactionCode } from '../../src/domain/codes';
import { signQuote } from '../../sync-server/shipping/quotes';
import { HttpClient, signUp, startTestServer, TEST_SECRET, uploadPhoto } from '../helpers/server';

let n = 0;
const tail = () => (n++).toString(36).padStart(4, '0');

export function cartDoc(uid: string, over: Record<string, unknown> = {}) {
  return {
    id: cartCode(uid, Date.now(), tail()),
    userID: uid,
    name: 'apa saja',
    produkID: '2',
    img: ['/assets/goods/bingkai-kayu.svg'],
    qty: 2,
    weight: 0,
    packaging: 'map|0',
    price: 1,
    createdAt: Date.now(),
    ...over,
  };
}

export function quoteFor(over: Partial<Parameters<typeof signQuote>[1]> = {}, secret = TEST_SECRET) {
  return signQuote(secret, {
    origin: '337401',
    destination: '317101',
    weight: 1000,
    courier: 'jne',
    service: 'REG',
    value: 18000,
    exp: Date.now() + 3600_000,
    ...over,
  });
}

export function transactionDoc(uid: string, over: Record<string, unknown> = {}) {
  return {
    id: transactionCode(uid, Date.now(), tail()),
    userID: uid,
    userName: 'Budi',
    email: 'budi@contoh.id',
    phone: '081234567890',
    produkID: '2',
    items: [{ produkID: '2', name: 'x', qty: 2, img: [], packaging: 'box|0', weight: 0, price: 1 }],
    provinsi: '31|DKI Jakarta',
    city: '3171|Jakarta Selatan',
    subdistrict: '317101|Kebayoran Baru',
    alamat: 'Jl. Melawai 2',
    kurir: 'jne',
    pengiriman: 'REG',
    ongkir: 1,
    quote: quoteFor(),
    qty: 1,
    weight: 1,
    price: 1,
    packaging: 'box|3000',
    bubble_wrap: false,
    img: [],
    resi: '',
    buyStatus: 0,
    createdAt: Date.now(),
    ...over,
  };
}

/** A small JPEG, different for each `n`. */
export const tinyJpeg = (n: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: (n * 53) % 256, g: (n * 97) % 256, b: 120 } } }).jpeg().toBuffer();

/** The photos customDoc names for an owner: their own uploads once `givePhotos` ran, else URLs nobody uploaded. */
const photosOf = new Map<string, { white: string[]; black: string[] }>();

/** Uploads three photos as `client` (2 white, 1 black) and makes them `owner`'s custom orders' photos. */
export async function givePhotos(client: HttpClient, owner: string, first = 0): Promise<{ white: string[]; black: string[] }> {
  const urls: string[] = [];
  for (let i = first; i < first + 3; i++) urls.push(await uploadPhoto(client, await tinyJpeg(i)));
  const photos = { white: urls.slice(0, 2), black: urls.slice(2) };
  photosOf.set(owner, photos);
  return photos;
}

export function customDoc(owner: string, over: Record<string, unknown> = {}) {
  const { white, black } = photosOf.get(owner) ?? { white: ['/images/a.jpg', '/images/b.jpg'], black: ['/images/c.jpg'] };
  return {
    id: customCode(Date.now(), tail()),
    userID: owner,
    produkID: '1',
    userName: 'Sari',
    email: 'sari@contoh.id',
    phone: '081234567890',
    provinsi: '33|Jawa Tengah',
    city: '3374|Kota Semarang',
    alamat: 'Jl. Pandanaran 5',
    img: [...white, ...black],
    kurir: 'tokopedia',
    pengiriman: 'tokopedia|Sari|INV-1',
    qty: 1,
    packaging: 'box|3000',
    bubble_wrap: true,
    price: 1,
    buyStatus: 0,
    imgWhite: white,
    imgBlack: black,
    resi: '',
    createdAt: Date.now(),
    ...over,
  };
}

/** A running server and a signed-up customer who uploaded three photos (`givePhotos`), for a suite's beforeAll. */
export async function startWithPhotoCustomer() {
  const server = await startTestServer();
  const customer = new HttpClient(server.url);
  const customerUid = (await signUp(customer)).uid;
  await givePhotos(customer, customerUid);
  return { server, customer, customerUid };
}
