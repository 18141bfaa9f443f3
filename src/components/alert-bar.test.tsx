import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { AlertProvider, useAlert } from '../lib/alert';
import { AlertBar } from './alert-bar';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

function renderAlert(type: number, message = 'Pesan uji') {
  return render(
    <AlertProvider initial={{ type, message }}>
      <AlertBar />
    </AlertProvider>,
  );
}

describe('alert bar', () => {
  it('when the type is 0, then nothing shows', () => {
    renderAlert(0);
    expect(screen.queryByText('Pesan uji')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when the type is 1, then a polite blue info bar shows', () => {
    renderAlert(1);
    const bar = screen.getByRole('status');
    expect(bar).toHaveTextContent('Pesan uji');
    expect(bar).toHaveClass('alert-info');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the type is 2, then an amber warning alert shows', () => {
    renderAlert(2);
    expect(screen.getByRole('alert')).toHaveClass('alert-warning');
  });

  it.each([3, 7, -1])('when the type is %i, then a red error alert shows', (type) => {
    renderAlert(type);
    expect(screen.getByRole('alert')).toHaveClass('alert-error');
  });

  it('when the close button is pressed, then the bar goes away', async () => {
    renderAlert(3, 'Gagal');
    await userEvent.click(screen.getByRole('button', { name: 'Tutup pesan' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when an info is done (a form opened anew), then dismissIf closes it, and leaves an error or a message it does not recognise', () => {
    let api!: ReturnType<typeof useAlert>;
    function Grab() {
      api = useAlert();
      return null;
    }
    render(
      <AlertProvider initial={{ type: 1, message: 'Perubahan disimpan.' }}>
        <Grab />
        <AlertBar />
      </AlertProvider>,
    );
    act(() => api.dismissIf((a) => a.type === 1));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => api.showAlert(3, 'Stok produk tidak mencukupi.'));
    act(() => api.dismissIf((a) => a.type === 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Stok produk tidak mencukupi.');
    act(() => api.dismissIf((a) => a.message === 'Pesan lain'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
