import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShippingDraft } from './shipping-form';

describe("the wizard's address", () => {
  it('when the profile loads after the wizard opened, then its address fills the box once; cleared, the box stays empty', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: '' } });
    expect(result.current[0].alamat).toBe('');
    rerender({ address: 'Jl. Pandanaran No. 5, Semarang' });
    expect(result.current[0].alamat).toBe('Jl. Pandanaran No. 5, Semarang');

    act(() => result.current[1]({ ...result.current[0], alamat: '' }));
    rerender({ address: 'Jl. Pandanaran No. 5, Semarang' });
    expect(result.current[0].alamat).toBe('');
    act(() => result.current[1]({ ...result.current[0], alamat: 'Jl. Baru No. 1' }));
    expect(result.current[0].alamat).toBe('Jl. Baru No. 1');
  });

  it('when the profile is known at once, then the box starts with it and may be emptied', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: 'Jl. Lama 2' } });
    expect(result.current[0].alamat).toBe('Jl. Lama 2');
    act(() => result.current[1]({ ...result.current[0], alamat: '' }));
    rerender({ address: 'Jl. Lama 2' });
    expect(result.current[0].alamat).toBe('');
  });

  it('when the customer typed before the profile arrived, then their text stays', () => {
    const { result, rerender } = renderHook(({ address }) => useShippingDraft(address), { initialProps: { address: '' } });
    act(() => result.current[1]({ ...result.current[0], alamat: 'Kos Melati' }));
    rerender({ address: 'Jl. Pandanaran No. 5' });
    expect(result.current[0].alamat).toBe('Kos Melati');
  });
});
