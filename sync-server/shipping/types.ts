/** RajaOngkir v1 answer shapes (what the PWA reads), and what every provider behind them offers. */
import type { MessageCode } from '../../src/domain/messages';

export interface V1Province {
  province_id: string;
  province: string;
}

export interface V1City {
  city_id: string;
  province_id: string;
  province: string;
  /** 'Kota' or 'Kabupaten'; empty when the provider does not tell. */
  type: string;
  city_name: string;
  postal_code: string;
}

export interface V1Subdistrict {
  subdistrict_id: string;
  province_id: string;
  province: string;
  city_id: string;
  city: string;
  /** The type of the district's city, as v1 gives it. */
  type: string;
  subdistrict_name: string;
}

export interface V1CostLine {
  value: number;
  etd: string;
  note: string;
  /** Signed quote token (quotes.ts): handed back with an order so the server can trust this price. */
  quote?: string;
}

export interface V1Service {
  service: string;
  description: string;
  cost: V1CostLine[];
}

export interface V1CourierResult {
  code: string;
  name: string;
  costs: V1Service[];
}

export interface ShippingProvider {
  readonly name: 'local' | 'rajaongkir';
  /** The shop's origin district, used when a cost request leaves it out. */
  readonly originId: string;
  provinces(): Promise<V1Province[]>;
  /** null: no such province. */
  cities(provinceId: string): Promise<V1City[] | null>;
  /** null: no such city. */
  districts(cityId: string): Promise<V1Subdistrict[] | null>;
  /** Whether a district exists; undefined when the provider cannot tell without a call. */
  hasDistrict(districtId: string): boolean | undefined;
  /** Whether a district is in the shop's own city (gojek and self pick-up). */
  inShopCity(districtId: string): Promise<boolean>;
  /**
   * The services of each courier, without quote tokens. Throws ShippingError(404) when the origin or
   * destination is unknown.
   */
  costs(origin: string, destination: string, weight: number, couriers: readonly string[]): Promise<V1CourierResult[]>;
}

/** A failure with its HTTP status and the message code the client sees. */
export class ShippingError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    detail?: string,
    /** Seconds, for a 503 after the provider's 429. */
    readonly retryAfter?: number,
  ) {
    super(detail ?? code);
    this.name = 'ShippingError';
  }
}
