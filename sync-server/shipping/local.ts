/**
 * The default provider: no key, no network. Regions from idn-area-data, prices from tariffs.json by zone
 * (zones.ts) and started kilogram. The same table prices RajaOngkir's estimates (`tariffCosts`, docs/shipping.md).
 */
import { chargeableKg, COURIER_NAMES, isProviderCourier } from '../../src/domain/shipping';
import { loadAreas } from './areas';
import tariffTable from './tariffs.json' with { type: 'json' };
import { ShippingError, type ShippingProvider, type V1CourierResult } from './types';
import { type Zone, zoneBetween } from './zones';

interface Tariff {
  description: string;
  perKg: Record<Zone, number>;
  etd: Record<Zone, string>;
}
export type Tariffs = Record<string, Record<string, Tariff>>;

export const TARIFFS = tariffTable as unknown as Tariffs;

export interface LocalOptions {
  originId: string;
  shopCityId: string;
  tariffs?: Tariffs;
}

/** Each asked courier's services from the table, for a parcel of `weight` grams travelling within `zone`. */
export function tariffCosts(tariffs: Tariffs, zone: Zone, weight: number, couriers: readonly string[], note = ''): V1CourierResult[] {
  const kg = chargeableKg(weight);
  return couriers.filter(isProviderCourier).map(
    (code): V1CourierResult => ({
      code,
      name: COURIER_NAMES[code],
      costs: Object.entries(tariffs[code] ?? {}).map(([service, t]) => ({
        service,
        description: t.description,
        cost: [{ value: t.perKg[zone] * kg, etd: t.etd[zone], note }],
      })),
    }),
  );
}

export function createLocalProvider(options: LocalOptions): ShippingProvider {
  const areas = loadAreas();
  const tariffs = options.tariffs ?? TARIFFS;
  const known = (district: string) => areas.cityOfDistrict.has(district);

  return {
    name: 'local',
    originId: options.originId,
    provinces: async () => areas.provinces,
    cities: async (provinceId) => areas.citiesByProvince.get(provinceId) ?? null,
    districts: async (cityId) => areas.districtsByCity.get(cityId) ?? null,
    knowsDistrict: async (district) => known(district),
    inShopCity: async (districtId) => areas.cityOfDistrict.get(districtId) === options.shopCityId,
    async costs(origin, destination, weight, couriers) {
      if (!known(origin) || !known(destination)) throw new ShippingError(404, 'district_not_found');
      return tariffCosts(tariffs, zoneBetween(origin, destination), weight, couriers);
    },
  };
}
