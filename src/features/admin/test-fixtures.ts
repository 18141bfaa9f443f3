/** Documents the admin tabs' component tests put in their in-memory database. */
import type { CustomDoc, TransactionDoc } from '../../domain/schemas';

/** An unpaid order of one Bingkai Kayu by Budi, placed now. */
export const unpaidOrder = (id: string, over: Partial<TransactionDoc> = {}): TransactionDoc => ({
  id, userID: 'u1abcdefgh', userName: 'Budi', email: 'budi@contoh.id', phone: '081234567890', produkID: '2',
  items: [{ produkID: '2', name: 'Bingkai Kayu', qty: 1, img: [], packaging: '', weight: 100, price: 25000 }],
  provinsi: '31|DKI Jakarta', city: '3171|Jakarta Selatan', subdistrict: '317101|Kebayoran Baru', alamat: 'Jl. Melawai 2',
  kurir: 'jne', pengiriman: 'REG', ongkir: 18000, quote: 'q', qty: 1, weight: 100, price: 45000, packaging: '',
  bubble_wrap: true, img: [], resi: '', buyStatus: 0, createdAt: Date.now(), ...over,
});

/** A visitor's unpaid custom order: shipping is the marketplace's, so no address. */
export const visitorCustom = (over: Partial<CustomDoc> = {}): CustomDoc => ({
  id: 'CUSTMA1790000000ab', userID: 'CST1790000000', produkID: '1', userName: 'Dewi', email: 'dewi@contoh.id',
  phone: '081234567890', provinsi: '', city: '', alamat: '', img: [], kurir: 'tokopedia', pengiriman: 'tokopedia|Dewi|INV-9',
  qty: 0, packaging: 'map|2000', bubble_wrap: true, price: 6000, buyStatus: 0, imgWhite: [], imgBlack: [], resi: '', createdAt: 1_790_000_000_000,
  ...over,
});
