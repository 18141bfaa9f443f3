import { describe, expect, it } from 'vitest';
import {
  addressText, bubbleWrapLocked, chargeableKg, couriersFor, parseCostRequest, parseCouriers, parseWeight,
} from './shipping';

describe('shipping rules', () => {
  it('when the destination is the shop\'s city, then gojek and self pick-up join the four couriers', () => {
    expect(couriersFor(false)).toEqual(['jne', 'jnt', 'pos', 'tiki']);
    expect(couriersFor(true)).toEqual(['jne', 'jnt', 'pos', 'tiki', 'gojek', 'ambil sendiri']);
  });
  it('when the parcel leaves the shop\'s city, then bubble wrap is locked on', () => {
    expect(bubbleWrapLocked('3374', '3374')).toBe(false);
    expect(bubbleWrapLocked('3171', '3374')).toBe(true);
  });
  it('when weight is given, then only whole grams from 1 to 30000 pass; missing means 1000', () => {
    expect(parseWeight(undefined)).toEqual({ ok: true, value: 1000 });
    expect(parseWeight('1500')).toEqual({ ok: true, value: 1500 });
    for (const bad of [0, -1, 1.5, 30001, '1e3', 'abc', true]) expect(parseWeight(bad).ok, String(bad)).toBe(false);
  });
  it('when couriers are joined by colons, then each is checked and repeats drop', () => {
    expect(parseCouriers('JNE:tiki:jne')).toEqual({ ok: true, value: ['jne', 'tiki'] });
    expect(parseCouriers('jne:dhl')).toEqual({ ok: false, code: 'invalid_courier' });
    expect(parseCouriers(':')).toEqual({ ok: false, code: 'invalid_courier' });
  });
  it('when a cost request leaves out the origin or names another, then the shop\'s origin is priced; a wrong type is refused', () => {
    const shop = { ok: true, value: { origin: '337401', destination: '317101', weight: 1000, couriers: ['jne'] } };
    expect(parseCostRequest({ destination: 317101, courier: 'jne' }, '337401')).toEqual(shop);
    expect(parseCostRequest({ origin: '317102', destination: 317101, courier: 'jne' }, '337401')).toEqual(shop);
    expect(parseCostRequest({ origin: '33.74.01', destination: 317101, courier: 'jne' }, '337401')).toEqual(shop);
    expect(parseCostRequest({ destination: '1', courier: 'jne', originType: 'city' }, '1')).toEqual({ ok: false, code: 'invalid_location_type' });
    expect(parseCostRequest({ destination: 'x', courier: 'jne' }, '1')).toEqual({ ok: false, code: 'invalid_district_id' });
  });
  it('when grams are charged, then every started kilogram counts, at least one', () => {
    expect([1, 1000, 1001, 2999, 3000].map(chargeableKg)).toEqual([1, 1, 2, 3, 3]);
  });
});

describe('an address in words', () => {
  it("when an order names its regions as 'id|name', then the address reads the street as written and the regions by name, leaving out what it lacks", () => {
    expect(addressText({ alamat: ' Jl. Mawar 3 | Blok B ', subdistrict: '317101|Kebayoran Baru', city: '3171|Kota Jakarta Selatan', provinsi: '31|DKI Jakarta' }))
      .toBe('Jl. Mawar 3 | Blok B, Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta');
    expect(addressText({ alamat: 'Jl. Mawar 3', city: '3171|Kota Jakarta Selatan' })).toBe('Jl. Mawar 3, Kota Jakarta Selatan');
    // A visitor's custom order has no address.
    expect(addressText({ alamat: '', subdistrict: '', city: '', provinsi: '' })).toBe('');
    expect(addressText({ alamat: '', city: 'Semarang' })).toBe('Semarang');
  });
});
