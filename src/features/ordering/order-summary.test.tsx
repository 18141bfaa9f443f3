import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { DraftLine, ShippingChoice } from '../../domain/order';
import { OrderSummary } from './order-summary';

afterEach(cleanup);

const FRAME: DraftLine = { product: { id: '2', title: 'Bingkai Kayu', price: 25000, type: 2, weight: 250, img: '/img/bingkai.jpg' }, qty: 1, packaging: 'none' };
const CHOICE: ShippingChoice = {
  provinsi: '31|DKI Jakarta', city: '3171|Kota Jakarta Selatan', subdistrict: '317101|Kebayoran Baru',
  alamat: 'Jl. Pandanaran No. 5, Semarang', kurir: 'jne', pengiriman: 'REG', ongkir: 18000, quote: 'q',
};

it('when the street comes from a profile in another city, then Konfirmasi Pembayaran shows the whole destination: street, Kecamatan, Kota and Provinsi', () => {
  render(<OrderSummary lines={[FRAME]} choice={CHOICE} bubbleWrap />);
  expect(screen.getByText('Jl. Pandanaran No. 5, Semarang, Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta')).toBeInTheDocument();
});

it('when the courier is chosen, then the shipping line names it short, with its service: JNE REG, J&T Express EZ', () => {
  render(<OrderSummary lines={[FRAME]} choice={CHOICE} bubbleWrap={false} />);
  expect(screen.getByText('Ongkos kirim (JNE REG)')).toBeInTheDocument();
  cleanup();
  render(<OrderSummary lines={[FRAME]} choice={{ ...CHOICE, kurir: 'jnt', pengiriman: 'EZ' }} bubbleWrap={false} />);
  expect(screen.getByText('Ongkos kirim (J&T Express EZ)')).toBeInTheDocument();
});
