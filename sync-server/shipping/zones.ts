/** Pricing zones of the local provider: how far a parcel travels, from its two districts' codes. */
export type Zone = 'city' | 'province' | 'island' | 'national';
export const ZONES: readonly Zone[] = ['city', 'province', 'island', 'national'];

export type IslandGroup = 'Sumatera' | 'Jawa' | 'Bali-Nusa Tenggara' | 'Kalimantan' | 'Sulawesi' | 'Maluku' | 'Papua';

/** Provinces by the first digit of their BPS/Kemendagri code, which already follows the island groups. */
const GROUP_BY_FIRST_DIGIT: Record<string, IslandGroup> = {
  '1': 'Sumatera', // 11 Aceh … 19 Bangka Belitung, 21 Kepulauan Riau (below)
  '3': 'Jawa', // 31 DKI Jakarta … 36 Banten
  '5': 'Bali-Nusa Tenggara', // 51 Bali, 52 NTB, 53 NTT
  '6': 'Kalimantan', // 61 … 65
  '7': 'Sulawesi', // 71 … 76
  '8': 'Maluku', // 81 Maluku, 82 Maluku Utara
  '9': 'Papua', // 91 … 96
};

export function islandGroup(provinceId: string): IslandGroup | undefined {
  if (provinceId === '21') return 'Sumatera';
  return GROUP_BY_FIRST_DIGIT[provinceId.charAt(0)];
}

/** District ids are province (2) + regency (2) + district (2) digits. */
export function zoneBetween(originDistrict: string, destinationDistrict: string): Zone {
  const cityOf = (d: string) => d.slice(0, 4);
  const provinceOf = (d: string) => d.slice(0, 2);
  if (cityOf(originDistrict) === cityOf(destinationDistrict)) return 'city';
  if (provinceOf(originDistrict) === provinceOf(destinationDistrict)) return 'province';
  const a = islandGroup(provinceOf(originDistrict));
  if (a !== undefined && a === islandGroup(provinceOf(destinationDistrict))) return 'island';
  return 'national';
}

/**
 * The island group of a province named as RajaOngkir names it ('DI YOGYAKARTA', 'NUSA TENGGARA BARAT (NTB)'), for its
 * estimates (docs/shipping.md): RajaOngkir's ids are its own numbers, not the codes `islandGroup` reads. Checked
 * against every province name of idn-area-data (zones.test.ts); a name matching none is undefined (priced 'national').
 */
export function islandGroupOfName(name: string): IslandGroup | undefined {
  const n = name.toUpperCase();
  return GROUP_BY_WORD.find(([words]) => words.test(n))?.[1];
}

const GROUP_BY_WORD: Array<[RegExp, IslandGroup]> = [
  [/PAPUA/, 'Papua'],
  [/MALUKU/, 'Maluku'],
  [/SULAWESI|GORONTALO/, 'Sulawesi'],
  [/KALIMANTAN/, 'Kalimantan'],
  [/BALI|NUSA TENGGARA|\bNT[BT]\b/, 'Bali-Nusa Tenggara'],
  [/JAWA|JAKARTA|YOGYAKARTA|BANTEN/, 'Jawa'],
  [/ACEH|SUMATERA|SUMATRA|RIAU|JAMBI|BENGKULU|LAMPUNG|BANGKA|BELITUNG/, 'Sumatera'],
];

/** A province's name reduced to compare across naming styles ('DI YOGYAKARTA' and 'DAERAH ISTIMEWA YOGYAKARTA'). */
export const provinceKey = (name: string): string =>
  name
    .toUpperCase()
    .replace(/\(.*?\)/g, '')
    .replace(/\bDAERAH ISTIMEWA\b|\bDAERAH KHUSUS IBUKOTA\b|\bDAERAH KHUSUS\b|\bDKI\b|\bDI\b|\bPROVINSI\b/g, '')
    .replace(/[^A-Z]/g, '');
