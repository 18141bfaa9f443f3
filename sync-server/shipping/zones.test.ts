import { describe, expect, it } from 'vitest';
import { loadAreas } from './areas';
import { islandGroup, islandGroupOfName, provinceKey } from './zones';

describe("provinces by name, for RajaOngkir's estimates", () => {
  it('when every province of the built-in areas is named, then its name tells the island group its code does', () => {
    const { provinces } = loadAreas();
    expect(provinces.length).toBeGreaterThanOrEqual(38);
    for (const p of provinces) expect(islandGroupOfName(p.province), p.province).toBe(islandGroup(p.province_id));
  });

  it("when RajaOngkir names a province its own way, then the group and the province's key still match the built-in name", () => {
    expect(islandGroupOfName('NUSA TENGGARA BARAT (NTB)')).toBe('Bali-Nusa Tenggara');
    expect(islandGroupOfName('BANGKA BELITUNG')).toBe('Sumatera');
    expect(islandGroupOfName('Somewhere Else')).toBeUndefined();
    expect(provinceKey('DI YOGYAKARTA')).toBe(provinceKey('DAERAH ISTIMEWA YOGYAKARTA'));
    expect(provinceKey('Jawa Tengah')).toBe(provinceKey('JAWA TENGAH'));
    expect(provinceKey('JAWA TENGAH')).not.toBe(provinceKey('JAWA TIMUR'));
  });
});
