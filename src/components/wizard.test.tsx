import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Wizard } from './wizard';

afterEach(cleanup);

const STEPS = ['Pilih Produk', 'Isi Data', 'Pembayaran'] as const;

function Harness() {
  const [step, setStep] = useState(0);
  return (
    <Wizard title="Foto Polaroid" steps={STEPS} step={step} furthest={step} ready={step === 0} onStep={setStep} onClose={() => undefined} finish={<button type="button">Beli Sekarang</button>}>
      <label htmlFor="f">Nama</label>
      <input id="f" />
    </Wizard>
  );
}

describe('wizard', () => {
  it('when Lanjut moves to a step whose Lanjut is not ready, then focus goes to the new step title, not to the page; Kembali too', async () => {
    render(<Harness />);
    // The dialog opens on its own first control, not on the step's title.
    expect(screen.getByRole('heading', { name: 'Pilih Produk' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(screen.getByRole('button', { name: 'Lanjut' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Isi Data' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(screen.getByRole('heading', { name: 'Pilih Produk' })).toHaveFocus();
  });
});
