/** What every shipping provider offers; the v1 answer shapes themselves live in src/domain/shipping.ts. */
import type { MessageCode } from '../../src/domain/messages';
import type { V1City, V1CourierResult, V1Province, V1Subdistrict } from '../../src/domain/shipping';

export type { V1City, V1CostLine, V1CourierResult, V1Province, V1Service, V1Subdistrict } from '../../src/domain/shipping';

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
