import { describe, expect, it } from 'vitest';
import { LABEL_BATCH_MAX } from './field-limits';
import { awaitingShipment, postalCode, shippingLabel } from './labels';

const order = {
  id: 'u1abcA1', resi: ' JP123 ', userName: 'Dewi', phone: '0857', alamat: 'Jl. Melawai 2, RT 03/RW 04, 12160', subdistrict: '317101|Kebayoran Baru',
  city: '3171|Jakarta Selatan', provinsi: '31|DKI Jakarta', kurir: 'jne', pengiriman: 'REG', weight: 1200,
  items: [{ produkID: '2', name: 'Bingkai Kayu', qty: 2, img: [], packaging: '', weight: 600, price: 1 }],
};

describe('shipping labels', () => {
  it('when an order is labelled, then the label holds the recipient, the full address with its postal code, courier, weight and items', () => {
    expect(shippingLabel(order)).toEqual({
      code: 'u1abcA1', resi: 'JP123', name: 'Dewi', phone: '0857',
      address: ['Jl. Melawai 2, RT 03/RW 04, 12160', 'Kebayoran Baru, Jakarta Selatan, DKI Jakarta, 12160'],
      courier: 'JNE REG', weightGrams: 1200, items: 'Bingkai Kayu × 2',
    });
    expect(shippingLabel({ ...order, items: Array(20).fill(order.items[0]!) }).items.length).toBeLessThanOrEqual(90);
  });

  it('when the address holds five digits (or none), then they are its postal code (or there is none); longer numbers are not', () => {
    expect(postalCode('Jl. Pemuda 150, Semarang 50132')).toBe('50132');
    expect(postalCode('Jl. Mawar No. 5')).toBe('');
    expect(postalCode('Telp 0812345678')).toBe('');
  });

  it('when orders wait, then the paid ones are labelled oldest first, as many as one PDF holds', () => {
    const at = (id: string, createdAt: number, buyStatus = 1) => ({ id, createdAt, buyStatus });
    expect(awaitingShipment([at('c', 3), at('a', 1), at('unpaid', 0, 0), at('shipped', 0, 2), at('b', 1)]).map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(awaitingShipment(Array.from({ length: LABEL_BATCH_MAX + 3 }, (_, i) => at(`o${i}`, i)))).toHaveLength(LABEL_BATCH_MAX);
  });
});
