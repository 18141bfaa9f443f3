import { describe, expect, it } from 'vitest';
import { editedFields, mergeEdit } from './merge';

const product = { id: '3', title: 'Gantungan Kunci', desc: 'Akrilik', price: 15000, qty: 147, weight: 20, type: 2, show: 'show', _deleted: false };

describe('mergeEdit', () => {
  it('when the owner changed price and stock offline while a customer bought one, then both changes stand and the stock adds up', () => {
    const mine = { ...product, price: 16000, qty: 200 };
    const master = { ...product, qty: 146 };
    expect(mergeEdit('goods', product, master, mine)).toEqual({ ...product, price: 16000, qty: 199 });
  });

  it('when both changed the same field, then the device that pushes last wins it; fields it left alone keep the server value', () => {
    const mine = { ...product, title: 'Gantungan', price: 17000 };
    const master = { ...product, price: 18000, desc: 'Akrilik bening' };
    expect(mergeEdit('goods', product, master, mine)).toEqual({ ...product, title: 'Gantungan', price: 17000, desc: 'Akrilik bening' });
  });

  it('when the stock change would go below zero, then it stops at zero', () => {
    expect(mergeEdit('goods', product, { ...product, qty: 2 }, { ...product, qty: 140 }).qty).toBe(0);
  });

  it('when the server refused the edit (its state is still the assumed one), then the server state stands', () => {
    const mine = { ...product, price: -5 };
    expect(mergeEdit('goods', product, { ...product }, mine)).toEqual(product);
  });

  it('when the document was deleted on the server, or the device wrote a new one, then the server state stands', () => {
    const gone = { ...product, _deleted: true };
    expect(mergeEdit('goods', product, gone, { ...product, price: 16000 })).toBe(gone);
    const kept = { id: 'abcdeA1', buyStatus: 4, kendala: 'Pesanan tidak dapat diproses: Stok produk tidak mencukupi.', _deleted: false };
    expect(mergeEdit('transactions', undefined, kept, { id: 'abcdeA1', buyStatus: 0, _deleted: false })).toBe(kept);
  });

  it('when the device deleted it or removed a field, then that stands; qty outside goods is no counter', () => {
    const order = { id: 'o1', buyStatus: 0, resi: '', qty: 2, kendala: 'x', _deleted: false };
    expect(mergeEdit('transactions', order, { ...order, resi: 'JNE1' }, { ...order, _deleted: true })).toEqual({ ...order, resi: 'JNE1', _deleted: true });
    const { kendala: _k, ...withoutKendala } = order;
    expect(mergeEdit('transactions', order, { ...order, qty: 5 }, { ...withoutKendala, qty: 3 })).toEqual({ ...withoutKendala, qty: 3 });
  });

  it("ignores RxDB's bookkeeping", () => {
    const mine = { ...product, price: 16000, _meta: { lwt: 1 }, _rev: '2-a', _attachments: {} };
    expect(mergeEdit('goods', product, { ...product, qty: 146 }, mine)).toEqual({ ...product, price: 16000, qty: 146 });
  });
});

describe('editedFields', () => {
  it("when the owner's form changed the price and the stock while orders moved the stock, then only those two change, the stock by the owner's change", () => {
    const opened = { id: '2', title: 'Bingkai', price: 25000, qty: 10 };
    const now = { ...opened, qty: 8 }; // two sold while the form was open
    expect(editedFields('goods', opened, now, { ...opened, price: 27000, qty: 20 })).toEqual({ price: 27000, qty: 18 });
    expect(editedFields('goods', opened, now, { ...opened, title: 'Bingkai Kayu' })).toEqual({ title: 'Bingkai Kayu' });
    expect(editedFields('goods', opened, { ...opened, qty: 1 }, { ...opened, qty: 5 })).toEqual({ qty: 0 });
  });
});
