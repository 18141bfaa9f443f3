/**
 * The labels of an order as the admin reads them, in Pesanan, Custom and the CSV export alike: packaging by the
 * customer's words ('' is 'Tanpa packaging', never 'none'; an unknown one as stored), couriers as the tables show
 * them. Kept out of format.ts, which the landing page loads: these need the UI texts and the order parsers.
 */
import { parsePengiriman } from './custom';
import { parsePackaging } from './pricing';
import { UI } from './ui-text';

export const packagingLabel = (text: string): string => {
  const packaging = parsePackaging(text);
  return packaging ? UI.order.packaging[packaging.type] : text;
};
/** 'jne' and 'REG' as 'JNE REG'. */
export const courierLabel = (o: { kurir: string; pengiriman: string }): string => `${o.kurir.toUpperCase()} ${o.pengiriman}`.trim();
export const marketplaceName = (marketplace: string): string => `${marketplace.charAt(0).toUpperCase()}${marketplace.slice(1)}`;
/** A custom order's 'tokopedia|account|order number' as 'Tokopedia · account · order number'. */
export function marketplaceOrder(pengiriman: string): string {
  const p = parsePengiriman(pengiriman);
  return p ? `${marketplaceName(p.marketplace)} · ${p.account} · ${p.orderNumber}` : pengiriman;
}
