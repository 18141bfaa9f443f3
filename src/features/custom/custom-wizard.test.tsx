/** The custom wizard's photo lists and its draft, in jsdom: picks that take a while, and the same draft in two tabs. */
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import type { JepretDatabase } from '../../lib/db/database';
import { addPhoto, getPhoto } from '../../lib/photos/outbox';

/** Preparing a photo needs a real canvas (e2e tests do it in Chromium); here each one waits until it is let go. */
const waiting: Array<() => void> = [];
vi.mock('../../lib/photos/prepare', async (original) => {
  const real = await original<typeof import('../../lib/photos/prepare')>();
  return {
    ...real,
    preparePhoto: (file: File) =>
      new Promise((resolve) => waiting.push(() => resolve({ blob: new Blob(['x'], { type: 'image/jpeg' }), name: file.name, width: 1600, height: 1200 }))),
  };
});
const letGo = async () => {
  while (waiting.length > 0) {
    await act(async () => {
      waiting.shift()!();
      await new Promise((r) => setTimeout(r, 20));
    });
  }
};

// The thumbnails draw from the outbox's blob, which fake-indexeddb gives back as a plain object.
beforeAll(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterAll(() => vi.restoreAllMocks());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

let db: JepretDatabase;
databaseEachTest((fresh) => {
  db = fresh;
});

const draftKey = `jepret.draft.custom.${CUSTOMER.uid}`;
const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

describe('the custom wizard', () => {
  it('when a photo is removed while a later pick is still being prepared, then it stays removed and the picked photos all come in', async () => {
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const white = within(await screen.findByRole('region', { name: 'Film Putih' }));
    const input = white.getByLabelText(/Pilih Foto/);
    await userEvent.upload(input, photo('satu.jpg'));
    await letGo();
    await waitFor(() => expect(white.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(1));

    // Two photos picked: preparing them takes a while, and meanwhile the first photo is removed.
    await userEvent.upload(input, [photo('dua.jpg'), photo('tiga.jpg')]);
    await userEvent.click(white.getByRole('button', { name: 'Hapus foto 1 (Film Putih)' }));
    await waitFor(() => expect(white.queryAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(0));
    await letGo();

    await waitFor(() => expect(white.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(2));
    const saved = JSON.parse(localStorage.getItem(draftKey)!) as { draft: { white: string[] } };
    expect(saved.draft.white).toHaveLength(2);
  });

  it('when the same draft is open in a second tab and the first one places the order, then the second closes its wizard instead of offering to send it again', async () => {
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        step: 3, furthest: 3,
        draft: { white: ['/images/2026/11/22/1795000000-a.jpg'], black: [], packaging: 'map', bubbleWrap: true, marketplace: 'tokopedia', account: 'sari', orderNumber: 'INV1', userName: 'Sari', email: 'sari@example.com', phone: '0812' },
      }),
    );
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const confirm = await screen.findByRole('button', { name: 'Konfirmasi Pesanan' });
    expect(confirm).toBeEnabled();

    // The other tab placed it: its draft left localStorage, which this tab hears of.
    const old = localStorage.getItem(draftKey);
    localStorage.removeItem(draftKey);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: draftKey, oldValue: old, newValue: null, storageArea: localStorage }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Konfirmasi Pesanan' })).toBeNull());
    expect(await db.custom.count().exec()).toBe(0);
  });

  it('when the other tab adds to the draft, then this tab shows it and does not write its own older draft back', async () => {
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await screen.findByRole('region', { name: 'Film Putih' });
    const theirs = {
      step: 0, furthest: 0,
      draft: { white: ['/images/2026/11/22/1795000000-a.jpg'], black: [], packaging: 'box', bubbleWrap: true, marketplace: 'shopee', account: '', orderNumber: '', userName: '', email: '', phone: '' },
    };
    localStorage.setItem(draftKey, JSON.stringify(theirs));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: draftKey, newValue: JSON.stringify(theirs), storageArea: localStorage }));
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(1));
    const saved = JSON.parse(localStorage.getItem(draftKey)!) as { draft: { white: string[]; packaging: string } };
    expect(saved.draft).toMatchObject({ white: theirs.draft.white, packaging: 'box' });
  });

  it('when the two films together would pass the 200 photos an order holds, then a pick adds what fits and says so', async () => {
    const black = Array.from({ length: 199 }, (_, i) => `/images/2026/11/22/1795000000-${String(i).padStart(3, '0')}.jpg`);
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        step: 0, furthest: 0,
        draft: { white: [], black, packaging: 'map', bubbleWrap: false, marketplace: 'tokopedia', account: '', orderNumber: '', userName: '', email: '', phone: '' },
      }),
    );
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const white = within(await screen.findByRole('region', { name: 'Film Putih' }));
    await userEvent.upload(white.getByLabelText(/Pilih Foto/), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    // Said in the wizard's own alert bar (the page's, behind the dialog, draws it too).
    expect(await within(screen.getByRole('dialog')).findByText('Satu pesanan paling banyak 200 foto: 2 foto tidak ditambahkan.')).toBeInTheDocument();
    await letGo();
    await waitFor(() => expect(white.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(1));
  });

  it('when the order has white photos only, then its summary lists no black film line at Rp 0', async () => {
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        step: 3, furthest: 3,
        draft: { white: ['/images/2026/11/22/1795000000-a.jpg', '/images/2026/11/22/1795000000-b.jpg'], black: [], packaging: 'map', bubbleWrap: false, marketplace: 'tokopedia', account: 'sari', orderNumber: 'INV1', userName: 'Sari', email: 'sari@example.com', phone: '0812' },
      }),
    );
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await screen.findByRole('button', { name: 'Konfirmasi Pesanan' });
    const lines = screen.getAllByRole('term').map((t) => t.textContent);
    expect(lines).toEqual(['Film Putih × 2', 'Packaging Map × 2', 'Biaya layanan', 'Total']);
  });

  it('when a visitor who had begun a custom order signs up, then the wizard opens with their draft and its photos are the account\'s to upload', async () => {
    const visitor = 'CST1795000000abcdefgh';
    localStorage.setItem('jepret.visitorId', visitor);
    const picked = await addPhoto(visitor, { blob: new Blob(['x'], { type: 'image/jpeg' }), name: 'pantai.jpg', width: 1600, height: 1200 });
    const draft = { white: [`local:${picked.id}`], black: [], packaging: 'map', bubbleWrap: false, marketplace: 'tokopedia', account: 'sari', orderNumber: 'INV7', userName: '', email: '', phone: '' };
    localStorage.setItem(`jepret.draft.custom.${visitor}`, JSON.stringify({ step: 0, furthest: 0, draft }));

    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const white = within(await screen.findByRole('region', { name: 'Film Putih' }));
    expect(await white.findByRole('button', { name: 'Hapus foto 1 (Film Putih)' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey) ?? 'null')?.draft.white).toEqual([`local:${picked.id}`]));
    expect(localStorage.getItem(`jepret.draft.custom.${visitor}`)).toBeNull();
    expect((await getPhoto(picked.id))?.owner).toBe(CUSTOMER.uid);
  });

  it('when the draft names a photo that is gone from the device, then the wizard says which one and neither Lanjut nor the final confirm lets the order go', async () => {
    const saved = (step: number) => JSON.stringify({
      step, furthest: step,
      draft: { white: ['/images/2026/11/22/1795000000-a.jpg'], black: ['local:gone1234567890'], packaging: 'map', bubbleWrap: false, marketplace: 'tokopedia', account: 'sari', orderNumber: 'INV1', userName: 'Sari', email: 'sari@example.com', phone: '0812' },
    });
    localStorage.setItem(draftKey, saved(0));
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const alert = await screen.findByText(/^Foto 1 \(Film Hitam\) tidak dapat diunggah/);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Lanjut' })).toBeDisabled();
    cleanup();

    localStorage.setItem(draftKey, saved(3));
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await screen.findByText(/^Foto 1 \(Film Hitam\) tidak dapat diunggah/);
    const confirm = screen.getByRole('button', { name: 'Konfirmasi Pesanan' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-describedby', 'custom-unsendable');

    // Removed, the order can go.
    await userEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus foto 1 (Film Hitam)' }));
    await waitFor(() => expect(screen.queryByText(/tidak dapat diunggah/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Lanjut' })).toBeEnabled();
  });
});
