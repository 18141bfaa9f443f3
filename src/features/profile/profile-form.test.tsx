import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import { DEFAULT_PICT } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';
import { addPhoto, removePhotosOf, setProgress, updatePhoto } from '../../lib/photos/outbox';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PROFILE = {
  id: CUSTOMER.uid,
  username: 'sari',
  email: CUSTOMER.email,
  phone: '081234567890',
  address: 'Jl. Pandanaran No. 5, Semarang',
  pict: DEFAULT_PICT,
  createdAt: 1_700_000_000_000,
};

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.users.insert(PROFILE);
});

async function openProfile() {
  renderApp('/profile', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
  const name = await screen.findByLabelText('Nama');
  await waitFor(() => expect(name).toHaveValue('sari'));
  return name;
}

const stored = async () => (await db.users.findOne(CUSTOMER.uid).exec())!.toJSON();

describe('profile form', () => {
  it('when Simpan is pressed with a bad number and a blank name, then nothing is written, the hints show beside the fields and the first wrong field has focus', async () => {
    const name = await openProfile();
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    const phone = screen.getByLabelText('Nomor WhatsApp');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    const address = screen.getByLabelText('Alamat');
    await userEvent.clear(address);
    await userEvent.type(address, 'Jl. Baru 7, Semarang');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Nama wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Nomor WhatsApp tidak valid (contoh: 081234567890).')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Nomor WhatsApp tidak valid (contoh: 081234567890).');
    expect(screen.queryByText(/Profil tersimpan/)).toBeNull();
    // The server would refuse it and undo the whole edit: it is never written, and what was typed stays.
    expect(await stored()).toMatchObject({ username: 'sari', phone: '081234567890', address: PROFILE.address });
    expect(address).toHaveValue('Jl. Baru 7, Semarang');

    // Corrected, it saves (trimmed), and the hints go.
    await userEvent.type(name, 'Siti 😀');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0812 3456 7891');
    expect(screen.queryByText('Nama wajib diisi.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    // Online, the message does not promise a later sync that is happening now.
    expect(await screen.findByText('Profil tersimpan.', { exact: true })).toHaveClass('alert-message');
    expect(await stored()).toMatchObject({ username: 'Siti 😀', phone: '0812 3456 7891', address: 'Jl. Baru 7, Semarang' });
  });

  it('when Simpan is pressed offline, then the profile is saved on the phone and the message says it syncs once online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const name = await openProfile();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sari Lestari');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Profil tersimpan. Perubahan akan tersinkron saat online.')).toHaveClass('alert-message');
    expect(await stored()).toMatchObject({ username: 'Sari Lestari' });
  });

  it('when the profile changes on the device while the customer types (a photo upload lands, the sync pulls), then what they typed stays and only untouched fields follow', async () => {
    await openProfile();
    const address = screen.getByLabelText('Alamat');
    await userEvent.clear(address);
    await userEvent.type(address, 'Kos Melati Kamar 3');

    // The profile photo picked before finished uploading: its URL lands on the profile; another device renamed it.
    const rx = await db.users.findOne(CUSTOMER.uid).exec();
    await rx!.incrementalPatch({ pict: '/files/images/2026/11/23/1795394825.jpg', username: 'Sari L.' });

    await waitFor(() => expect(screen.getByLabelText('Nama')).toHaveValue('Sari L.'));
    expect(address).toHaveValue('Kos Melati Kamar 3');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(async () => expect(await stored()).toMatchObject({ username: 'Sari L.', address: 'Kos Melati Kamar 3' }));
  });

  it('when the page is reloaded (offline) after a new profile photo was picked, then the form shows that photo waiting to upload, not the old one', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto-baru');
    // Picked before the reload: it waits in the outbox for a connection, bound for this profile's pict.
    await addPhoto(CUSTOMER.uid, { blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 }, Date.now(), { collection: 'users', id: CUSTOMER.uid, field: 'pict' });
    try {
      await openProfile();
      await waitFor(() => expect(document.querySelector('.profile-photo img')).toHaveAttribute('src', 'blob:foto-baru'));
      expect((await stored()).pict).toBe(DEFAULT_PICT);
      expect(await screen.findByText('Menunggu unggahan')).toBeInTheDocument();
    } finally {
      await removePhotosOf(CUSTOMER.uid);
    }
  });

  it('when the new profile photo is on its way, then the form says how far its upload got, as an order\'s photo card does', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto-baru');
    const photo = await addPhoto(CUSTOMER.uid, { blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 }, Date.now(), { collection: 'users', id: CUSTOMER.uid, field: 'pict' });
    try {
      await openProfile();
      await screen.findByText('Menunggu unggahan');
      setProgress(photo.id, 0.42);
      expect(await screen.findByText('Mengunggah 42%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Foto profil: Mengunggah 42%' })).toHaveAttribute('value', '0.42');
      setProgress(photo.id, null);
      await updatePhoto(photo.id, { status: 'done', url: '/images/2026/11/23/1795400000-abcdefghij.jpg' });
      await waitFor(() => expect(screen.queryByText(/Mengunggah|Menunggu unggahan/)).toBeNull());
    } finally {
      await removePhotosOf(CUSTOMER.uid);
    }
  });
});
