/**
 * The words of the custom-order screens (/custom, its wizard, the custom orders in Transaksi), which load lazily:
 * apart from ui-text.ts, which every page loads, so the landing page's JavaScript stays within its budget
 * (size-budget.json). The same rules for words as ui-text.ts: the spec's labels word for word.
 */
export const CUSTOM_UI = {
  title: 'Pesanan Custom',
  intro: 'Cetak foto untuk pesananmu di Tokopedia atau Shopee: unggah foto untuk film putih dan film hitam, pilih packaging, lalu isi nomor pesanan marketplace. Tanpa akun pun bisa, juga saat offline.',
  open: 'Buat Pesanan Custom',
  white: 'Film Putih',
  black: 'Film Hitam',
  whiteNote: 'Dicetak pada kertas foto berbingkai putih.',
  blackNote: 'Dicetak pada kertas foto berbingkai hitam.',
  needVisitorId: 'Sambungkan internet sekali agar perangkat ini mendapat identitas tamu untuk pesanan custom. Setelah itu pesanan bisa dibuat offline.',
  noPhotos: 'Belum ada foto. Pilih minimal satu foto, untuk film putih atau film hitam.',
  bubbleWrap: 'Bubble wrap',
  bubbleWrapNote: 'Tanpa biaya tambahan.',
  marketplace: 'Marketplace',
  marketplaces: { tokopedia: 'Tokopedia', shopee: 'Shopee' },
  account: 'Nama akun marketplace',
  orderNumber: 'Nomor pesanan marketplace',
  marketplaceNote: 'Sesuai pesananmu di marketplace, agar foto dicetak untuk pesanan yang benar.',
  fullName: 'Nama lengkap',
  email: 'E-mail',
  phone: 'Nomor WhatsApp',
  confirm: 'Konfirmasi Pesanan',
  film: (name: string, n: number) => `${name} × ${n}`,
  packagingLine: (name: string, n: number) => `Packaging ${name} × ${n}`,
  serviceFee: 'Biaya layanan',
  yourOrders: 'Pesanan custom kamu',
  noOrders: 'Belum ada pesanan custom di perangkat ini.',
  orderTitle: (white: number, black: number) =>
    `Custom: ${[white && `${white} film putih`, black && `${black} film hitam`].filter(Boolean).join(', ')}`,
  attachTitle: 'Pindahkan pesanan custom?',
  attachText: (n: number) =>
    `Ada ${n} pesanan custom yang kamu buat di perangkat ini tanpa akun. Pindahkan ke akunmu agar tampil di Transaksi?`,
  attachYes: 'Pindahkan ke Akun',
  attachNo: 'Tidak',
  attached: (n: number) => `${n} pesanan custom sudah dipindahkan ke akunmu.`,
} as const;
