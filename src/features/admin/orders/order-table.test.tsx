import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderPhoto, cropStyle } from './order-photo';
import { OrderPopup } from './order-popup';
import { focusAfterRemoval, OrderTable, RowActions, type Column } from './order-table';
import type { OrderLike } from './order-list';
import type { CustomDoc, TransactionDoc } from '../../../domain/schemas';
import { MESSAGES } from '../../../domain/messages';
import { AlertProvider } from '../../../lib/alert';
import { CUSTOM } from './custom-tab';
import { PESANAN } from './pesanan-tab';

afterEach(cleanup);

const orders: OrderLike[] = Array.from({ length: 120 }, (_, i) => ({
  id: `abcdeA${1_790_000_000 - i}x`,
  userName: i === 77 ? 'Rina Marlina' : `Pelanggan ${i}`,
  email: `p${i}@contoh.id`,
  phone: '081234567890',
  resi: i === 5 ? 'JNE000555' : '',
  buyStatus: i % 5,
  createdAt: 1_790_000_000_000 - i * 3_600_000,
}));
const columns: Array<Column<OrderLike>> = [
  { header: '#', cell: (_o, i) => i + 1 },
  { header: 'Nama', cell: (o) => o.userName },
];
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('OrderTable', () => {
  it('when 120 orders are given, then one page of 50 shows, numbered, with page controls', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    expect(screen.getByRole('table', { name: 'Daftar pesanan' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('120 dari 120 pesanan')).toBeInTheDocument();
    expect(screen.getByText('Halaman 1 dari 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(screen.getByText('Halaman 3 dari 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(20);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('101');
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
  });

  it('when the admin searches a name on page 3, then the list shows the match from page 1', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'rina' } });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Rina Marlina');
    expect(screen.getByText('1 dari 120 pesanan')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Halaman tabel' })).not.toBeInTheDocument();
  });

  it('when the admin picks a status and a resi search, then both apply; Reset filter brings all back', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '1' } });
    expect(screen.getByText('24 dari 120 pesanan')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'JNE000555' } });
    expect(screen.getByText('Tidak ada pesanan yang cocok.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    expect(bodyRows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(bodyRows()).toHaveLength(50);
  });

  it('when a date range is chosen, then only orders of those days show', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const newest = day(orders[0]!.createdAt);
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: newest } });
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: newest } });
    const expected = orders.filter((o) => day(o.createdAt) === newest).length;
    expect(bodyRows()).toHaveLength(expected);
  });

  it('when 10,000 orders are given, then only one page of rows is drawn', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ ...orders[0]!, id: `abcdeA${1_790_000_000 - i}y`, createdAt: 1_790_000_000_000 - i }));
    const t0 = performance.now();
    render(<OrderTable caption="Daftar pesanan" orders={many} columns={columns} />);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Halaman 1 dari 200')).toBeInTheDocument();
    // jsdom is far slower than a tablet's browser; this only guards against drawing every row.
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('when the admin pages to the last or first page from the keyboard, then focus stays on the pager, not the body', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    const next = screen.getByRole('button', { name: 'Berikutnya' });
    const prev = screen.getByRole('button', { name: 'Sebelumnya' });
    next.focus();
    fireEvent.click(next);
    expect(next).toHaveFocus();
    fireEvent.click(next);
    // Berikutnya is disabled on the last page (it would drop the focus): Sebelumnya has it.
    expect(next).toBeDisabled();
    expect(prev).toHaveFocus();
    fireEvent.click(prev);
    fireEvent.click(prev);
    expect(prev).toBeDisabled();
    expect(next).toHaveFocus();
  });

  it('when the admin presses Reset filter (which then goes), then the search box has the focus', () => {
    render(<OrderTable caption="Daftar pesanan" orders={orders} columns={columns} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'rina' } });
    const reset = screen.getByRole('button', { name: 'Reset filter' });
    reset.focus();
    fireEvent.click(reset);
    expect(screen.queryByRole('button', { name: 'Reset filter' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cari' })).toHaveFocus();
  });

  it('when a row is about to be removed, then its Hapus hands focus to the next row\'s (the previous at the end), else the search box', () => {
    const actions: Array<Column<OrderLike>> = [...columns, { header: 'Action', cell: (o) => <RowActions code={o.id} onDetail={() => undefined} onRemove={focusAfterRemoval} /> }];
    render(
      <div role="tabpanel">
        <OrderTable caption="Daftar pesanan" orders={orders.slice(0, 3)} columns={actions} />
      </div>,
    );
    const hapus = (i: number) => screen.getByRole('button', { name: `Hapus pesanan ${orders[i]!.id}` });
    fireEvent.click(hapus(1));
    expect(hapus(2)).toHaveFocus();
    fireEvent.click(hapus(2));
    expect(hapus(1)).toHaveFocus();
    cleanup();
    render(
      <div role="tabpanel">
        <OrderTable caption="Daftar pesanan" orders={orders.slice(0, 1)} columns={actions} />
      </div>,
    );
    fireEvent.click(hapus(0));
    expect(screen.getByRole('searchbox', { name: 'Cari' })).toHaveFocus();
  });

  it('when there are no orders at all, then it says so', () => {
    render(<OrderTable caption="Daftar pesanan" orders={[]} columns={columns} />);
    expect(screen.getByText('Belum ada pesanan.')).toBeInTheDocument();
  });
});

function renderPopup(order: { buyStatus: number; resi: string }, printable = true) {
  const onSave = vi.fn(async () => true);
  const onClose = vi.fn();
  render(
    <OrderPopup code="abcdeA1" phone="0812-3456-7890" order={order} printable={printable} onSave={onSave} onClose={onClose}>
      <p>Rincian</p>
    </OrderPopup>,
    { wrapper: AlertProvider }, // Cetak tells the admin in the alert bar when the sheet cannot come
  );
  return { onSave, onClose };
}

describe('OrderPopup', () => {
  it('when the admin picks Dikirim, types a resi and presses Simpan, then the patch is saved and the popup closes', async () => {
    const { onSave, onClose } = renderPopup({ buyStatus: 1, resi: '' });
    const dialog = screen.getByRole('dialog', { name: 'Pesanan abcdeA1' });
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Belum Dibayar', 'Diproses', 'Dikirim', 'Diterima', 'Gagal']);
    expect(status).toHaveValue('1');
    fireEvent.change(status, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nomor resi' }), { target: { value: ' JNE777 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ buyStatus: 2, resi: 'JNE777' });
  });

  it('when the admin sets Dikirim with a resi, then the chat link tells the customer so and Cetak downloads the print sheet', () => {
    renderPopup({ buyStatus: 1, resi: '' });
    const dialog = screen.getByRole('dialog', { name: 'Pesanan abcdeA1' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nomor resi' }), { target: { value: 'JNE777' } });
    const chat = within(dialog).getByRole('link', { name: 'Chat WhatsApp' });
    expect(chat).toHaveAttribute('href', `https://wa.me/6281234567890?text=${encodeURIComponent('Pesanan abcdeA1 sudah dikirim, resi JNE777')}`);
    expect(within(dialog).getByRole('link', { name: 'Cetak' })).toHaveAttribute('href', '/api/orders/abcdeA1/print.pdf');
  });

  it('when the order has no photo to print (frames, a key ring), then there is no Cetak; Pesanan and Custom say which orders have', () => {
    renderPopup({ buyStatus: 1, resi: '' }, false);
    const dialog = screen.getByRole('dialog', { name: 'Pesanan abcdeA1' });
    expect(within(dialog).queryByRole('link', { name: 'Cetak' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Chat WhatsApp' })).toBeInTheDocument();

    const line = (photos?: Array<{ url: string; caption: string }>) => ({ produkID: '2', name: 'x', qty: 1, img: [], packaging: '', weight: 0, price: 0, ...(photos && { photos }) });
    const order = (items: ReturnType<typeof line>[]) => ({ items }) as unknown as TransactionDoc;
    expect(PESANAN.printable(order([line()]))).toBe(false);
    expect(PESANAN.printable(order([line(), line([{ url: '/images/2026/11/22/1795376107-abcdefgh.jpg', caption: '' }])]))).toBe(true);
    expect(CUSTOM.printable({ imgWhite: [], imgBlack: ['/images/2026/11/22/1795376107-abcdefgh.jpg'] } as unknown as CustomDoc)).toBe(true);
  });

    it('when the admin presses Kembali, then nothing is saved', () => {
    const { onSave, onClose } = renderPopup({ buyStatus: 0, resi: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('when the admin has typed a resi and presses Kembali or ×, then it asks first, and keeps the resi when told no', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { onSave, onClose } = renderPopup({ buyStatus: 1, resi: '' });
      const resi = screen.getByRole('textbox', { name: 'Nomor resi' });
      fireEvent.change(resi, { target: { value: 'JNE0099887766' } });
      fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
      fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(confirm).toHaveBeenCalledWith(MESSAGES.discard_changes);
      expect(onClose).not.toHaveBeenCalled();
      expect(resi).toHaveValue('JNE0099887766');
      confirm.mockReturnValue(true);
      fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onSave).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('when the admin changed the status and set it back, then Kembali closes without asking', () => {
    const confirm = vi.spyOn(window, 'confirm');
    try {
      const { onClose } = renderPopup({ buyStatus: 1, resi: 'JNE1' });
      const status = screen.getByRole('combobox', { name: 'Status' });
      fireEvent.change(status, { target: { value: '2' } });
      fireEvent.change(status, { target: { value: '1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
      expect(confirm).not.toHaveBeenCalled();
      expect(onClose).toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });
});

describe('OrderPhoto', () => {
  it('when a photo has a crop, then the whole image is scaled and shifted so the crop fills the frame', () => {
    expect(cropStyle({ x: 25, y: 10, width: 50, height: 80 })).toMatchObject({ width: '200%', height: '125%', left: '-50%', top: '-12.5%' });
    expect(cropStyle(undefined)).toBeUndefined();
  });

  it("when the full photo of a line without the server's flag loads too small for its crop, then it is flagged Resolusi rendah, and the caption shows", () => {
    render(<OrderPhoto photo={{ url: '/assets/goods/kecil.jpg', caption: 'Liburan', crop: { x: 0, y: 0, width: 30, height: 30 } }} label="Foto 1" captioned />);
    const img = screen.getByRole('img', { name: 'Foto 1' });
    expect(img).toHaveAttribute('src', '/assets/goods/kecil.jpg');
    expect(screen.getByText('Liburan')).toBeInTheDocument();
    expect(screen.queryByText('Resolusi rendah')).not.toBeInTheDocument();
    Object.defineProperty(img, 'naturalWidth', { value: 800 });
    Object.defineProperty(img, 'naturalHeight', { value: 1000 });
    fireEvent.load(img);
    expect(screen.getByText('Resolusi rendah')).toBeInTheDocument();
  });

  it("when a photo prints whole ('Tanpa potong'), then the popup shows all of it on white, not its crop", () => {
    render(<OrderPhoto photo={{ url: '/assets/goods/utuh.jpg', caption: '', crop: { x: 25, y: 10, width: 50, height: 80 }, fit: 'whole' }} label="Foto 1" captioned={false} />);
    const img = screen.getByRole('img', { name: 'Foto 1' });
    expect(img).toHaveClass('admin-photo-whole');
    expect(img.getAttribute('style')).toBeNull();
  });

  it("when the server flagged a photo too low, then the popup says so before the photo loads; a sharp flag says nothing", () => {
    const { rerender } = render(<OrderPhoto photo={{ url: '/assets/goods/kecil.jpg', caption: '', quality: 'too_low' }} label="Foto 1" captioned={false} />);
    expect(screen.getByText('Resolusi terlalu rendah')).toBeInTheDocument();
    rerender(<OrderPhoto photo={{ url: '/assets/goods/kecil.jpg', caption: '', quality: 'fine' }} label="Foto 1" captioned={false} />);
    expect(screen.queryByText(/Resolusi/)).not.toBeInTheDocument();
  });
});
