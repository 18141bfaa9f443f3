/** The shop's first catalogue, written once when `goods` is empty (restarts add nothing). */
import type { GoodsDoc } from '../src/domain/schemas';
import type { Store } from './data-access/store';

export const SEED_GOODS: GoodsDoc[] = [
  {
    id: '1',
    title: 'Cetak Foto Polaroid 86x54 mm',
    desc: 'Cetak foto gaya polaroid ukuran 86x54 mm di kertas foto ISO 800. Unggah fotomu sendiri, bisa tambah caption, harga per lembar foto.',
    img: '/assets/goods/foto-polaroid.svg',
    price: 3500,
    qty: 500,
    weight: 5,
    type: 1,
    show: 'show',
  },
  {
    id: '2',
    title: 'Bingkai Kayu',
    desc: 'Bingkai kayu pinus natural untuk satu foto polaroid, lengkap dengan kaca akrilik dan gantungan dinding. Cocok untuk kado.',
    img: '/assets/goods/bingkai-kayu.svg',
    price: 25000,
    qty: 80,
    weight: 250,
    type: 2,
    show: 'show',
  },
  {
    id: '3',
    title: 'Gantungan Kunci',
    desc: 'Gantungan kunci akrilik bening dua sisi dengan ring besi antikarat. Muat satu foto ukuran mini, tahan air dan tidak mudah pudar.',
    img: '/assets/goods/gantungan-kunci.svg',
    price: 15000,
    qty: 150,
    weight: 30,
    type: 2,
    show: 'show',
  },
  {
    id: '4',
    title: 'Akrilik Stand',
    desc: 'Stand akrilik tebal 3 mm untuk memajang foto polaroid di meja kerja atau rak. Mudah dipasang, tanpa lem.',
    img: '/assets/goods/akrilik-stand.svg',
    price: 20000,
    qty: 100,
    weight: 120,
    type: 2,
    show: 'show',
  },
  {
    id: '5',
    title: 'Kertas Film Instax',
    desc: 'Kertas film Instax Mini isi 10 lembar, cocok untuk kamera Instax Mini 11, 12 dan 40. Tanggal kedaluwarsa minimal satu tahun.',
    img: '/assets/goods/kertas-film.svg',
    price: 95000,
    qty: 60,
    weight: 50,
    type: 2,
    show: 'show',
  },
];

export async function seedGoods(store: Store): Promise<boolean> {
  if (!(await store.isEmpty('goods'))) return false;
  await store.write(
    'goods',
    SEED_GOODS.map((g) => ({ doc: { ...g, _deleted: false }, rev: undefined })),
  );
  return true;
}
