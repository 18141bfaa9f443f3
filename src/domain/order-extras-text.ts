/**
 * The words of what a customer meets only inside the ordering screens, which load lazily: the crop editor's print
 * quality, 'Tanpa potong' and 'Jumlah cetak', 'Pesan lagi', the gateway's QR. Apart from ui-text.ts, which every page
 * loads, so the landing page's JavaScript stays within its budget (size-budget.json); the same rules for words as
 * ui-text.ts.
 */
export const ORDER_EXTRAS_UI = {
  wholePhoto: 'Tanpa potong',
  wholePhotoHint: 'Seluruh foto dicetak utuh di dalam bingkai, dengan pinggiran putih.',
  copies: 'Jumlah cetak',
  copiesHint: (max: number) => `Berapa kali foto ini dicetak, 1 sampai ${max}, tanpa mengunggah ulang. Harga dihitung per cetakan.`,
  copiesOnCard: (n: number) => `${n}× cetak`,
  /** How sharp the card prints (`printQuality`), said in the crop editor and on the photo's card. */
  quality: {
    fine: 'Resolusi cukup: hasil cetak tajam.',
    low: 'Resolusi rendah: hasil cetak bisa kurang tajam.',
    too_low: 'Resolusi terlalu rendah: hasil cetak akan buram. Kurangi zoom atau pilih foto yang lebih besar.',
  },
  /** The crop editor failed and closed (components/error-boundary.tsx): the photo and the order are as they were. */
  cropFailed: 'Pengaturan foto tidak bisa dibuka. Foto dan pesananmu tetap tersimpan; coba atur lagi.',
  perPrint: (fee: string) => `${fee} per cetakan`,
  reorder: 'Pesan lagi',
  /** 'Pesan lagi' of an order some of whose photos the server no longer keeps: they are left out, said plainly. */
  reorderGone: (numbers: string) => `Foto ${numbers} dari pesanan itu sudah tidak tersimpan di server, jadi tidak ikut dipesan lagi.`,
  /** The gateway's QR (docs/payments.md): the shop learns of the payment by itself. */
  gatewayTitle: 'QRIS, terkonfirmasi otomatis',
  gatewayHint: 'Pindai dengan aplikasi bank atau e-wallet mana pun. Pembayaran dikonfirmasi otomatis, tanpa Konfirmasi lewat WhatsApp.',
  gatewayLabel: (amount: string) => `Kode QRIS pembayaran otomatis untuk ${amount}`,
  /** The courier's word on a shipped order's resi in Transaksi (docs/tracking.md). */
  tracking: {
    delivered: 'Diterima',
    checked: (at: string) => `dicek ${at}`,
    courierPage: (courier: string) => `Lacak di situs ${courier}`,
  },
} as const;
