/** What every shipping provider offers; the v1 answer shapes themselves live in src/domain/shipping.ts. */
import type { MessageCode } from '../../src/domain/messages';
import type { V1City, V1CourierResult, V1Province, V1Subdistrict } from '../../src/domain/shipping';
import type { Payer } from './budget';
import type { Zone } from './zones';

export type { V1City, V1CostLine, V1CourierResult, V1Province, V1Service, V1Subdistrict } from '../../src/domain/shipping';

export interface ShippingProvider {
  readonly name: 'local' | 'rajaongkir';
  /** The shop's origin district, used when a cost request leaves it out. */
  readonly originId: string;
  provinces(): Promise<V1Province[]>;
  /** null: no such province. */
  cities(provinceId: string): Promise<V1City[] | null>;
  /** null: no such city. `provinceId`: the city's province, as the app knows it (a hint for an id not seen yet). */
  districts(cityId: string, provinceId?: string): Promise<V1Subdistrict[] | null>;
  /**
   * Whether a district exists, told without a call for an id that is not one (RajaOngkir: from the lists it gave, and
   * through the hints the list of the district's city once).
   */
  knowsDistrict(districtId: string, hints?: RegionHints): Promise<boolean>;
  /** Whether a district is in the shop's own city (gojek and self pick-up). */
  inShopCity(districtId: string): Promise<boolean>;
  /**
   * The services of each courier, without quote tokens. Throws ShippingError(404) when the origin or
   * destination is unknown. `payer` pays for a call to the service, when one is needed (budget.ts).
   */
  costs(origin: string, destination: string, weight: number, couriers: readonly string[], payer?: Payer): Promise<V1CourierResult[]>;
  /** How far a parcel to a known district travels, for an estimate from the tariff table (RajaOngkir only). */
  zoneOf?(districtId: string): Promise<Zone>;
}

/** The city and province of a district, as the app knows them from the lists it picked from. */
export interface RegionHints {
  city?: string;
  province?: string;
}

/** A failure with its HTTP status and the message code the client sees. */
export class ShippingError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    detail?: string,
    /** Seconds to wait: a 503 after the provider's 429, a 429 past the quote limit. */
    readonly retryAfter?: number,
  ) {
    super(detail ?? code);
    this.name = 'ShippingError';
  }
}
