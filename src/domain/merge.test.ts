import { describe, expect, it } from 'vitest';
import { editedFields, editSurvives, mergeEdit, mergeLeaves } from './merge';

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

describe('mergeLeaves (revisions a CouchDB cluster kept from two writers at once)', () => {
  const order = { id: 'o1', userID: 'u1', buyStatus: 0, resi: '', qty: 1, _deleted: false };

  it('when the customer cancelled while the admin marked it paid, then the payment stands whichever revision CouchDB shows', () => {
    const cancelled = { ...order, _deleted: true };
    const paid = { ...order, buyStatus: 1 };
    expect(mergeLeaves('transactions', order, [cancelled, paid])).toEqual(paid);
    expect(mergeLeaves('transactions', order, [paid, cancelled])).toEqual(paid);
  });

  it('when the expiry failed it while the admin marked it paid, then it is paid, without the expiry\'s reason', () => {
    const expired = { ...order, buyStatus: 4, kendala: 'Pesanan kedaluwarsa: belum dibayar dalam 48 jam.' };
    expect(mergeLeaves('transactions', order, [expired, { ...order, buyStatus: 1 }])).toEqual({ ...order, buyStatus: 1 });
  });

  it('when two tablets changed one order, then the one that decided its status decides it, and the other\'s resi is kept', () => {
    const paid = { ...order, buyStatus: 1 };
    const shipped = { ...paid, buyStatus: 2 };
    const resi = { ...paid, resi: 'JNE42' };
    expect(mergeLeaves('transactions', paid, [resi, shipped])).toEqual({ ...paid, buyStatus: 2, resi: 'JNE42' });
    const failed = { ...paid, buyStatus: 4 };
    expect(mergeLeaves('transactions', paid, [resi, failed])).toEqual({ ...paid, buyStatus: 4, resi: 'JNE42' });
    expect(mergeLeaves('transactions', paid, [{ ...paid, resi: 'A' }, { ...paid, resi: 'B' }]).resi).toBe('A');
  });

  it('when a cancel meets the expiry, then the cancel stands; without the common revision, the best outcome of all', () => {
    const expired = { ...order, buyStatus: 4, kendala: 'x' };
    expect(mergeLeaves('transactions', order, [expired, { ...order, _deleted: true }])).toEqual({ ...order, _deleted: true });
    expect(mergeLeaves('transactions', undefined, [{ ...order, resi: 'A', _deleted: true }, { ...order, buyStatus: 1 }])).toEqual({ ...order, resi: 'A', buyStatus: 1 });
  });

  it('when two writers changed a product, then both fields stand and both stock changes add up', () => {
    const price = { ...product, price: 16000, qty: 146 };
    const title = { ...product, title: 'Gantungan', qty: 145 };
    expect(mergeLeaves('goods', product, [price, title])).toEqual({ ...product, price: 16000, title: 'Gantungan', qty: 144 });
  });
});

describe('editSurvives', () => {
  const order = { id: 'o1', buyStatus: 0, resi: '', _deleted: false };

  it('when what a write changed is in the merged document, then it stands; when another outcome won, it does not', () => {
    expect(editSurvives('transactions', order, { ...order, buyStatus: 1 }, { ...order, buyStatus: 1, resi: 'JNE1' })).toBe(true);
    expect(editSurvives('transactions', order, { ...order, _deleted: true }, { ...order, buyStatus: 1 })).toBe(false);
    expect(editSurvives('transactions', undefined, { ...order, buyStatus: 1 }, { ...order, buyStatus: 1, resi: 'JNE1' })).toBe(false);
  });

  it('when a counter holds more than the write left, then the write stands (others\' changes were added)', () => {
    expect(editSurvives('goods', product, { ...product, qty: 140 }, { ...product, qty: 139 })).toBe(true);
  });
});
