/**
 * Shipping labels (docs/fulfilment.md, "Shipping labels"): what a parcel's label says of an order, the same whichever
 * paper it is printed on. Labels are for the shop's own orders (transactions): a custom order travels with the
 * marketplace's own label.
 */
import { LABEL_BATCH_MAX } from './field-limits';
import { courierLabel } from './order-labels';
import type { TransactionDoc } from './schemas';
import { regionName } from './shipping';
import { BUY_STATUS } from './status';

/** A6 (100 x 150 mm), the thermal printers sellers use, or four to an A4 page. */
export const LABEL_FORMATS = ['a6', 'a4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const isLabelFormat = (value: unknown): value is LabelFormat => (LABEL_FORMATS as readonly unknown[]).includes(value);
/** The items in short: the label has room for a line or two. */
const ITEMS_MAX = 90;

export interface ShippingLabel {
  code: string;
  resi: string;
  name: string;
  phone: string;
  /** The street, then district, city, province and postal code. */
  address: string[];
  courier: string;
  weightGrams: number;
  items: string;
}

/** The postal code the customer wrote in the address (five digits), or '' (the districts carry none). */
export function postalCode(alamat: string): string {
  return [...alamat.matchAll(/(?<!\d)\d{5}(?!\d)/g)].at(-1)?.[0] ?? '';
}

const short = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function shippingLabel(order: Pick<TransactionDoc, 'id' | 'resi' | 'userName' | 'phone' | 'alamat' | 'subdistrict' | 'city' | 'provinsi' | 'kurir' | 'pengiriman' | 'weight' | 'items'>): ShippingLabel {
  const regions = [order.subdistrict, order.city, order.provinsi].map((r) => (r ? regionName(r) : '')).filter(Boolean);
  const postal = postalCode(order.alamat);
  return {
    code: order.id,
    resi: order.resi.trim(),
    name: order.userName,
    phone: order.phone,
    address: [order.alamat.trim(), [...regions, postal].filter(Boolean).join(', ')].filter(Boolean),
    courier: courierLabel(order),
    weightGrams: order.weight,
    items: short(order.items.map((l) => `${l.name} × ${l.qty}`).join(', '), ITEMS_MAX),
  };
}

/**
 * The parcels to label now: the shop's paid orders (the customer's 'Diproses'), not yet shipped, oldest first, as many
 * as one PDF holds.
 */
export function awaitingShipment<T extends Pick<TransactionDoc, 'id' | 'buyStatus' | 'createdAt'>>(orders: readonly T[]): T[] {
  return orders
    .filter((o) => o.buyStatus === BUY_STATUS.PAID)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, LABEL_BATCH_MAX);
}
