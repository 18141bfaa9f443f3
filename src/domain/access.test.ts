import { describe, expect, it } from 'vitest';
import { type Actor, checkWrite, goneProduct, readScope, readView, replicatedCollections, sameFields } from './access';

const admin: Actor = { uid: 'admin0001', admin: true, visitorId: null };
const sari: Actor = { uid: 'sari00001', admin: false, visitorId: null };
const budi: Actor = { uid: 'budi00001', admin: false, visitorId: null };
const visitor: Actor = { uid: null, admin: false, visitorId: 'CST1763719200abcdefgh' };
const nobody: Actor = { uid: null, admin: false, visitorId: null };

const order = (over: Record<string, unknown> = {}) => ({
  id: 'sari0A1763719200abcd', userID: 'sari00001', buyStatus: 0, resi: '', price: 10000, _deleted: false, ...over,
});

describe('read scope', () => {
  it('when a customer reads orders, then only their own are in scope', () => {
    expect(readScope(sari, 'transactions')).toEqual({ all: false, field: 'userID', owners: ['sari00001'] });
    expect(readView(sari, 'transactions', order())).not.toBeNull();
    expect(readView(budi, 'transactions', order())).toBeNull();
    expect(readView(admin, 'transactions', order())).not.toBeNull();
  });
  it('when someone reads profiles, then a customer sees only their own by id', () => {
    expect(readScope(sari, 'users')).toEqual({ all: false, field: 'id', owners: ['sari00001'] });
    expect(readView(budi, 'users', { id: 'sari00001', _deleted: false })).toBeNull();
  });
  it('when a visitor reads custom orders, then their visitor id is the owner', () => {
    expect(readScope(visitor, 'custom')).toEqual({ all: false, field: 'userID', owners: [visitor.visitorId] });
    expect(readScope(visitor, 'carts')).toEqual({ all: false, field: 'userID', owners: [] });
  });
  it('when a product is hidden, then a customer gets a deletion and the admin the product', () => {
    const hidden = { id: '3', show: 'hidden', _deleted: false };
    expect(readView(sari, 'goods', hidden)).toEqual(goneProduct(hidden.id));
    expect(readView(nobody, 'goods', hidden)?._deleted).toBe(true);
    expect(readView(admin, 'goods', hidden)).toEqual(hidden);
  });
});

describe('replicated collections', () => {
  it('when a visitor opens the shop, then only the goods and their custom orders replicate', () => {
    expect(replicatedCollections(false).sort()).toEqual(['custom', 'goods']);
  });
  it('when someone is signed in, then every collection replicates', () => {
    expect(replicatedCollections(true).sort()).toEqual(['carts', 'custom', 'events', 'goods', 'transactions', 'users']);
  });
});

describe('writes', () => {
  it('when a non-admin writes goods, then it is refused', () => {
    const g = { id: '9', show: 'show', _deleted: false };
    expect(checkWrite(sari, 'goods', null, g)).toEqual({ ok: false, code: 'admin_only' });
    expect(checkWrite(admin, 'goods', null, g)).toEqual({ ok: true });
  });
  it('when nobody is signed in, then nothing but a visitor custom order is allowed', () => {
    const cart = { id: 'c1', userID: 'x', _deleted: false };
    expect(checkWrite(nobody, 'carts', null, cart)).toEqual({ ok: false, code: 'not_signed_in' });
    expect(checkWrite(visitor, 'carts', null, cart)).toEqual({ ok: false, code: 'not_signed_in' });
    const custom = { ...order({ id: 'CUSTMA1763719200abcd', userID: visitor.visitorId }) };
    expect(checkWrite(visitor, 'custom', null, custom)).toEqual({ ok: true });
    expect(checkWrite(visitor, 'custom', null, { ...custom, userID: 'sari00001' })).toEqual({ ok: false, code: 'not_owner' });
  });
  it('when a customer places an order, then it must be theirs, unpaid and without a tracking number', () => {
    expect(checkWrite(sari, 'transactions', null, order())).toEqual({ ok: true });
    expect(checkWrite(sari, 'transactions', null, order({ userID: 'budi00001' }))).toEqual({ ok: false, code: 'not_owner' });
    expect(checkWrite(sari, 'transactions', null, order({ buyStatus: 1 }))).toEqual({ ok: false, code: 'readonly_field' });
    expect(checkWrite(sari, 'transactions', null, order({ resi: 'JNE123' }))).toEqual({ ok: false, code: 'readonly_field' });
    // Under a code as the app makes it for the account (src/domain/codes.ts): never one named after another's.
    expect(checkWrite(sari, 'transactions', null, order({ id: 'budi0A1763719200abcd-2' }))).toEqual({ ok: false, code: 'id_refused' });
    expect(checkWrite(sari, 'transactions', null, order({ id: 'budi0A1763719200abcd' }))).toEqual({ ok: false, code: 'id_refused' });
    expect(checkWrite(admin, 'transactions', null, order({ id: 'apa-saja' }))).toEqual({ ok: true });
  });
  it('when a customer changes a placed order, then only cancelling it while unpaid is allowed', () => {
    expect(checkWrite(sari, 'transactions', order(), order({ price: 1 }))).toEqual({ ok: false, code: 'order_locked' });
    expect(checkWrite(sari, 'transactions', order(), order({ _deleted: true }))).toEqual({ ok: true });
    expect(checkWrite(sari, 'transactions', order({ buyStatus: 1 }), order({ buyStatus: 1, _deleted: true }))).toEqual({
      ok: false, code: 'cancel_only_unpaid',
    });
    expect(checkWrite(budi, 'transactions', order(), order({ _deleted: true }))).toEqual({ ok: false, code: 'not_owner' });
  });
  it('when the admin sets status and tracking number, then it is allowed, but never a change of owner', () => {
    expect(checkWrite(admin, 'transactions', order(), order({ buyStatus: 2, resi: 'JNE123' }))).toEqual({ ok: true });
    expect(checkWrite(admin, 'transactions', order(), order({ userID: 'budi00001' }))).toEqual({ ok: false, code: 'readonly_field' });
  });
  it('when a customer edits their profile, then e-mail, creation and deletion are not theirs to do', () => {
    const me = { id: 'sari00001', email: 'sari@example.com', phone: '0812', _deleted: false };
    expect(checkWrite(sari, 'users', me, { ...me, phone: '0813' })).toEqual({ ok: true });
    expect(checkWrite(sari, 'users', me, { ...me, email: 'x@example.com' })).toEqual({ ok: false, code: 'readonly_field' });
    expect(checkWrite(sari, 'users', null, me)).toEqual({ ok: false, code: 'forbidden' });
    expect(checkWrite(sari, 'users', me, { ...me, _deleted: true })).toEqual({ ok: false, code: 'forbidden' });
    expect(checkWrite(budi, 'users', me, { ...me, phone: '0813' })).toEqual({ ok: false, code: 'not_owner' });
  });
  it('when a customer manages a cart, then only their own items', () => {
    const item = { id: 'sari0B1', userID: 'sari00001', _deleted: false };
    expect(checkWrite(sari, 'carts', null, item)).toEqual({ ok: true });
    expect(checkWrite(sari, 'carts', item, { ...item, _deleted: true })).toEqual({ ok: true });
    expect(checkWrite(budi, 'carts', item, { ...item, userID: 'budi00001' })).toEqual({ ok: false, code: 'readonly_field' });
    expect(checkWrite(budi, 'carts', item, { ...item, _deleted: true })).toEqual({ ok: false, code: 'not_owner' });
  });
});

describe('sameFields', () => {
  it('when two documents differ only in key order or the deletion flag, then they are the same fields', () => {
    expect(sameFields({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1, _deleted: true })).toBe(true);
    expect(sameFields({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameFields({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
