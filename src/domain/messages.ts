/**
 * Every user-facing error text of the shop, by code. The server answers `{ error: code, message }`
 * and the PWA shows `message`; a translator finds all of them here.
 */
import { LABEL_BATCH_MAX, MAX_WEIGHT_GRAMS, PASSWORD_MIN, PRINT_BATCH, QTY_MAX, TEXT_MAX, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from './field-limits';
import { formatIDR } from './format';
import { NOTE_MAX } from './history';

export const MESSAGES = {
  // the original app's own words (docs/architecture.md, "Bad input")
  bad_image_extension: 'Ekstensi gambar yang diunggah salah!',
  image_extension_hint: 'Upload file hanya dengan ekstensi .jpg .png .heic atau .jpeg',
  network_not_ok: 'Network response was not ok',
  unavailable: 'unavailable',
  // accounts
  email_required: 'E-mail wajib diisi.',
  email_invalid: 'Format e-mail tidak valid.',
  email_taken: 'E-mail ini sudah terdaftar. Silakan masuk atau gunakan e-mail lain.',
  password_required: 'Password wajib diisi.',
  password_weak: `Password terlalu lemah: minimal ${PASSWORD_MIN} karakter, berisi huruf dan angka.`,
  /** The start of the server's refusal of an easy-to-guess password; its reason and a tip follow (password-strength.ts). */
  password_guessable: 'Password ini terlalu mudah ditebak.',
  /** A password of nothing but the shop's name, city or domain, or the e-mail's name, with digits (validation.ts). */
  password_personal: 'Password ini terlalu mudah ditebak: isinya hanya nama toko, kotanya atau nama di e-mail Anda, ditambah angka. Pakai kata lain yang tidak berhubungan dengan toko atau e-mail Anda.',
  /** Added to password_guessable when the estimate found the shop's or the e-mail's words in it (password-strength.ts). */
  password_names_shop: 'Jangan memakai nama toko, kotanya atau nama di e-mail Anda.',
  too_many_signups: 'Terlalu banyak pendaftaran akun dari alamat ini. Coba lagi nanti.',
  phone_required: 'Nomor WhatsApp wajib diisi.',
  phone_invalid: 'Nomor WhatsApp tidak valid (contoh: 081234567890).',
  address_required: 'Alamat wajib diisi.',
  address_too_long: `Alamat terlalu panjang: maksimal ${TEXT_MAX.address} karakter.`,
  username_required: 'Nama wajib diisi.',
  wrong_credentials: 'E-mail atau password salah.',
  too_many_attempts: 'Terlalu banyak percobaan masuk. Coba lagi beberapa menit lagi.',
  not_signed_in: 'Silakan masuk terlebih dahulu.',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini.',
  /** A write to /couch sent by a page of another site (its Origin), whatever credentials the browser added. */
  cross_site_refused: 'Permintaan dari situs lain tidak diterima.',
  // data and sync
  bad_request: 'Permintaan tidak valid.',
  invalid_json: 'Data yang dikirim bukan JSON yang valid.',
  payload_too_large: 'Data yang dikirim terlalu besar.',
  too_deep: 'Data yang dikirim terlalu bertingkat untuk data toko ini.',
  body_timeout: 'Pengiriman data terhenti terlalu lama. Periksa koneksi lalu coba lagi.',
  unknown_collection: 'Koleksi data tidak dikenal.',
  invalid_document: 'Data tidak valid.',
  invalid_checkpoint: 'Checkpoint sinkronisasi tidak valid.',
  not_owner: 'Data ini bukan milik Anda.',
  admin_only: 'Hanya admin yang dapat mengubah data ini.',
  readonly_field: 'Sebagian data ini hanya dapat diubah oleh admin.',
  cancel_only_unpaid: 'Pesanan hanya dapat dibatalkan selama belum dibayar.',
  order_locked: 'Pesanan yang sudah dibuat tidak dapat diubah.',
  order_items_locked: 'Produk dan jumlah dalam pesanan tidak dapat diubah setelah pesanan dibuat, karena stoknya sudah dihitung. Ubah status atau resi saja, atau hapus pesanan ini.',
  attachments_refused: 'Lampiran tidak diterima lewat sinkronisasi.',
  design_doc_refused: 'Dokumen desain tidak diterima.',
  id_refused: 'ID dokumen tidak valid.',
  product_unavailable: 'Produk tidak tersedia.',
  out_of_stock: 'Stok produk tidak mencukupi.',
  /** src/domain/holds.ts: what one account's unpaid orders may hold of a product. */
  unpaid_hold_limit:
    'Pesanan yang belum dibayar dari satu akun dapat menahan paling banyak separuh stok produk yang tersedia. Bayar atau batalkan pesanan sebelumnya, atau pesan lebih sedikit.',
  custom_contact_required: 'Nama lengkap, e-mail dan nomor WhatsApp wajib diisi.',
  quote_invalid: 'Ongkos kirim tidak valid atau sudah kedaluwarsa. Silakan pilih layanan pengiriman lagi.',
  not_found: 'Data tidak ditemukan.',
  // orders and their photos
  photo_unknown: 'Foto pesanan tidak ditemukan di server atau bukan milik Anda. Unggah ulang fotonya.',
  photo_not_image: 'File ini bukan gambar yang valid. Pilih foto JPG, PNG atau HEIC.',
  photo_prepare_failed: 'Foto tidak dapat diproses di perangkat ini. Coba foto lain.',
  heic_needs_network: 'Foto iPhone (HEIC) perlu koneksi internet sekali agar bisa diproses di perangkat ini. Sambungkan internet lalu pilih fotonya lagi.',
  kendala_prefix: 'Pesanan tidak dapat diproses:',
  price_changed: 'Harga di toko berubah sejak pesanan dibuat.',
  upload_waiting: 'Foto menunggu koneksi untuk diunggah.',
  local_write_failed: 'Perubahan tidak dapat disimpan di perangkat ini. Coba lagi.',
  /** src/domain/sync-protocol.ts: the app on this device speaks an older sync protocol than the server. */
  app_outdated: 'Perlu muat ulang: versi aplikasi ini sudah lama. Perubahanmu tetap tersimpan.',
  store_unavailable: 'Server sedang tidak dapat menjangkau database. Coba lagi sebentar lagi.',
  internal: 'Terjadi kesalahan pada server. Coba lagi sebentar lagi.',
  // shipping (ongkos kirim)
  invalid_province_id: 'ID provinsi tidak valid.',
  invalid_city_id: 'ID kota/kabupaten tidak valid.',
  invalid_district_id: 'ID kecamatan tidak valid.',
  province_not_found: 'Provinsi tidak ditemukan.',
  city_not_found: 'Kota/kabupaten tidak ditemukan.',
  district_not_found: 'Kecamatan tidak ditemukan.',
  invalid_weight: `Berat paket harus berupa bilangan bulat gram, antara 1 dan ${MAX_WEIGHT_GRAMS} gram.`,
  invalid_courier: 'Kurir tidak dikenal. Pilih JNE, J&T, POS atau TIKI.',
  courier_not_available: 'Kurir ini hanya tersedia untuk tujuan di kota toko.',
  invalid_location_type: 'Jenis lokasi harus "subdistrict" (kecamatan).',
  shipping_busy: 'Layanan ongkos kirim sedang sibuk. Coba lagi sebentar lagi.',
  shipping_timeout: 'Layanan ongkos kirim tidak menjawab tepat waktu. Coba lagi sebentar lagi.',
  shipping_unavailable: 'Layanan ongkos kirim sedang bermasalah. Coba lagi nanti atau hubungi admin.',
  /** POST /api/ongkos past QUOTES_PER_HOUR for one address or one account (docs/shipping.md). */
  too_many_quotes: 'Terlalu banyak permintaan ongkos kirim dari perangkat atau akun ini. Coba lagi beberapa menit lagi.',
  shipping_offline: 'Tidak ada koneksi. Daftar ini belum tersimpan di perangkat.',
  shipping_offline_costs: 'Tidak ada koneksi. Ongkos kirim ke tujuan ini belum tersimpan di perangkat.',
  shipping_fetch_failed: 'Gagal memuat data pengiriman. Coba lagi.',
  // photos
  upload_file_required: 'Pilih satu foto untuk diunggah.',
  upload_too_large: `Foto terlalu besar. Ukuran maksimal ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  upload_too_many_pixels: `Resolusi foto terlalu besar: maksimal ${UPLOAD_MAX_PIXELS / 1_000_000} megapiksel dan ${UPLOAD_MAX_SIDE} piksel per sisi.`,
  too_many_unfinished_uploads: 'Terlalu banyak unggahan foto yang belum selesai. Tunggu sampai unggahan yang berjalan selesai, lalu coba lagi.',
  uploads_busy: 'Server sedang memproses banyak foto. Foto akan dikirim lagi sebentar lagi.',
  // The customer picks .jpg, .png or .heic (the phone turns a HEIC into a JPEG before it leaves): named as they know them.
  upload_not_image: 'File ini bukan foto yang dapat dibaca (JPG, PNG atau HEIC). Pilih foto lain.',
  too_many_uploads: 'Terlalu banyak unggahan foto. Coba lagi beberapa menit lagi.',
  /** A proxy in front of the shop refuses even the smallest piece of a photo (413): no retry will help. */
  upload_refused_by_proxy: 'Server toko menolak foto ini karena ukuran kirimannya, sekecil apa pun. Beri tahu toko lewat WhatsApp.',
  too_many_streams: 'Terlalu banyak koneksi dari alamat ini. Aplikasi tetap menyinkronkan data secara berkala.',
  // custom orders and visitors
  custom_marketplace_required: 'Pilih marketplace, lalu isi nama akun dan nomor pesanan marketplace.',
  /** A photo-print order or cart line names more photos than one line may hold (the quantity's 1 to 99). */
  too_many_photos: `Satu pesanan cetak foto berisi paling banyak ${QTY_MAX} cetakan (semua foto dengan jumlah cetaknya).`,
  /** A product without a name or description, however it was sent (the Produk form asks for both). */
  product_text_required: 'Nama dan deskripsi produk wajib diisi.',
  /** The e-mail is the account's key: a profile's cannot be changed, not even by the admin. */
  email_is_account: 'E-mail adalah akun pengguna dan tidak dapat diubah.',
  photo_in_use: 'Foto ini sudah dipakai dalam pesanan dan tidak dapat dihapus.',
  product_image_unknown: 'Gambar produk harus gambar katalog toko atau gambar yang diunggah lewat form Produk.',
  too_many_visitors: 'Terlalu banyak permintaan identitas tamu dari alamat ini. Coba lagi beberapa menit lagi.',
  too_many_custom_orders: 'Terlalu banyak pesanan custom dari alamat ini. Pesananmu tetap tersimpan di perangkat dan akan dikirim lagi nanti.',
  // gateway payments (docs/payments.md)
  payments_off: 'Pembayaran otomatis tidak aktif di toko ini.',
  payment_not_unpaid: 'Pesanan ini tidak lagi menunggu pembayaran.',
  payment_busy: 'QRIS pesanan ini sedang dibuat. Coba lagi sebentar lagi.',
  payment_unavailable: 'Layanan pembayaran sedang tidak dapat dijangkau. Bayar lewat rekening atau QRIS toko.',
  too_many_charges: 'Terlalu banyak permintaan pembayaran. Coba lagi beberapa menit lagi.',
  payment_bad_signature: 'Tanda tangan notifikasi pembayaran tidak valid.',
  payment_wrong_amount: 'Jumlah pembayaran tidak sama dengan total pesanan.',
  // courier tracking (docs/tracking.md)
  tracking_server: 'Status pelacakan resi hanya dibuat oleh server.',
  tracking_off: 'Pelacakan resi otomatis tidak aktif di toko ini.',
  tracking_not_trackable: 'Pesanan ini tidak sedang dikirim dengan resi kurir yang dapat dilacak.',
  tracking_unknown_resi: 'Resi ini belum dikenal kurir. Periksa nomornya atau coba lagi nanti.',
  tracking_unavailable: 'Layanan pelacakan kurir sedang tidak dapat dijangkau. Coba lagi nanti.',
  too_many_tracking: 'Terlalu banyak permintaan lacak. Coba lagi beberapa menit lagi.',
  // fulfilment (admin)
  export_bad_dates: 'Tanggal tidak valid: gunakan format YYYY-MM-DD, dan tanggal awal tidak boleh setelah tanggal akhir.',
  export_bad_status: 'Status tidak valid: gunakan angka 0 sampai 4.',
  // each order's history (src/domain/history.ts)
  history_server_only: 'Riwayat pesanan hanya dicatat oleh server; admin hanya dapat menambah catatan.',
  history_create_only: 'Riwayat pesanan tidak dapat diubah atau dihapus.',
  note_invalid: `Catatan wajib diisi, maksimal ${NOTE_MAX} karakter, untuk pesanan yang ada.`,
  printed_mark_server: 'Tanda "sudah dicetak" hanya dibuat oleh server, saat kartu pesanan dicetak.',
  paid_late_server: 'Catatan pembayaran setelah pesanan berakhir hanya dibuat oleh server.',
  print_queue_bad_selection: `Pilihan cetak tidak valid: kirim daftar kode pesanan (paling banyak ${PRINT_BATCH.maxOrders} pesanan) dan kertas A4 atau A3.`,
  print_queue_too_many_cards: `Terlalu banyak kartu untuk satu PDF (paling banyak ${PRINT_BATCH.maxCards}): cetak antrian dalam beberapa bagian.`,
  label_bad_selection: `Pilihan label tidak valid: kirim daftar kode pesanan (paling banyak ${LABEL_BATCH_MAX} pesanan) dan format a6 atau a4.`,
  label_custom_order: 'Pesanan custom dikirim lewat marketplace dengan label dari marketplace itu.',
  print_queue_not_paid: 'Hanya pesanan yang sudah dibayar dan berisi foto yang dapat dicetak dari antrian.',
  // the admin's change of an order refused by the server, shown on the tablet with the order's code and the reason
  order_change_refused: 'Perubahan pesanan {code} tidak diterima server: {reason}',
  // closing the admin's product form without Simpan after typing in it
  discard_changes: 'Tutup tanpa menyimpan? Yang sudah Anda isi akan hilang.',
  // the admin's Pengguna search
  users_search_hint: 'Nama, e-mail, nomor HP atau alamat',
  users_found: '{n} dari {total} pengguna',
  users_no_results: 'Tidak ada pengguna yang cocok.',
  // the order whose popup the admin had open (nothing saved) was cancelled or deleted meanwhile
  order_gone: 'Pesanan {code} sudah dibatalkan atau dihapus di server.',
} as const;

/** The `kendala` of an order the server expired because it stayed unpaid (sync-server/fulfilment/expiry.ts). */
export const unpaidExpiredKendala = (hours: number): string => `Pesanan kedaluwarsa: belum dibayar dalam ${hours} jam.`;

/**
 * Told to the customer whose order, placed on the device (offline) at the prices it knew, reached the shop after a
 * price changed: the server keeps it at the shop's prices, and the customer must know the amount to pay changed.
 */
export const priceChangedNotice = (code: string, shown: number, stored: number): string =>
  `${MESSAGES.price_changed} Total pesanan ${code} sekarang ${formatIDR(stored)} (sebelumnya ${formatIDR(shown)}).`;

export type MessageCode = keyof typeof MESSAGES;

/** What a new order the server could not take says under 'Terjadi Kendala': why, in the shop's words. */
export const kendalaReason = (code: MessageCode): string => `${MESSAGES.kendala_prefix} ${MESSAGES[code]}`;

export interface ApiError {
  error: MessageCode | string;
  message: string;
}

export function apiError(code: MessageCode, message: string = MESSAGES[code]): ApiError {
  return { error: code, message };
}
