/**
 * Indonesia's provinces, regencies/cities and districts from the idn-area-data package (credits in
 * DATA-CREDITS.md). Its JavaScript wants Node 22, so the CSVs it ships are read directly. Codes like
 * '33.74.01' become ids without dots ('337401'), as RajaOngkir-style numeric ids.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { V1City, V1Province, V1Subdistrict } from './types';

export interface Areas {
  provinces: V1Province[];
  citiesByProvince: Map<string, V1City[]>;
  districtsByCity: Map<string, V1Subdistrict[]>;
  /** district id → its city id */
  cityOfDistrict: Map<string, string>;
}

let loaded: Areas | undefined;

/** Read once per process (about 7,000 districts, a few milliseconds). */
export function loadAreas(): Areas {
  loaded ??= buildAreas(dataDir());
  return loaded;
}

function dataDir(): string {
  const pkg = createRequire(import.meta.url).resolve('idn-area-data/package.json');
  return path.join(path.dirname(pkg), 'data');
}

function buildAreas(dir: string): Areas {
  const read = (file: string) => parseCsv(readFileSync(path.join(dir, file), 'utf8'));
  const provinces: V1Province[] = read('provinces.csv').map(([code, name]) => ({
    province_id: id(code),
    province: name ?? '',
  }));
  const provinceName = new Map(provinces.map((p) => [p.province_id, p.province]));

  const citiesByProvince = new Map<string, V1City[]>(provinces.map((p) => [p.province_id, []]));
  const cityById = new Map<string, V1City>();
  for (const [code, provinceCode, name] of read('regencies.csv')) {
    const provinceId = id(provinceCode);
    const { type, cityName } = splitRegencyName(name ?? '');
    const city: V1City = {
      city_id: id(code),
      province_id: provinceId,
      province: provinceName.get(provinceId) ?? '',
      type,
      city_name: cityName,
      postal_code: '',
    };
    citiesByProvince.get(provinceId)?.push(city);
    cityById.set(city.city_id, city);
  }

  const districtsByCity = new Map<string, V1Subdistrict[]>([...cityById.keys()].map((c) => [c, []]));
  const cityOfDistrict = new Map<string, string>();
  for (const [code, regencyCode, name] of read('districts.csv')) {
    const city = cityById.get(id(regencyCode));
    if (!city) continue;
    const district: V1Subdistrict = {
      subdistrict_id: id(code),
      province_id: city.province_id,
      province: city.province,
      city_id: city.city_id,
      city: city.city_name,
      type: city.type,
      subdistrict_name: name ?? '',
    };
    districtsByCity.get(city.city_id)?.push(district);
    cityOfDistrict.set(district.subdistrict_id, city.city_id);
  }
  return { provinces, citiesByProvince, districtsByCity, cityOfDistrict };
}

const id = (code: string | undefined): string => (code ?? '').replaceAll('.', '');

/** 'Kota Semarang' → Kota, 'Semarang'; 'Kabupaten Demak' → Kabupaten, 'Demak' (as v1 names them). */
export function splitRegencyName(name: string): { type: 'Kota' | 'Kabupaten'; cityName: string } {
  const m = /^(Kota|Kabupaten)\s+(.+)$/.exec(name.trim());
  if (m) return { type: m[1] as 'Kota' | 'Kabupaten', cityName: m[2] as string };
  return { type: 'Kabupaten', cityName: name.trim() };
}

/** RFC 4180 rows without the header line (quoted fields may hold commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (line === '') continue;
    const fields: string[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let value = '';
        i++;
        while (i < line.length) {
          if (line[i] === '"' && line[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (line[i] === '"') {
            i++;
            break;
          } else value += line[i++];
        }
        fields.push(value);
        i++; // the comma
      } else {
        const end = line.indexOf(',', i);
        const stop = end === -1 ? line.length : end;
        fields.push(line.slice(i, stop));
        i = stop + 1;
      }
    }
    rows.push(fields);
  }
  return rows;
}
