/**
 * The couriers' own tracking pages, shown beside a resi when the shop follows no waybill itself (no
 * RAJAONGKIR_API_KEY) or has no answer yet: the customer and the admin can look it up there. Only the couriers the
 * shop sells; a courier without a page that takes the resi in its address gets its plain tracking page.
 */
import type { ProviderCourier } from './shipping';

const PAGES: Record<ProviderCourier, (resi: string) => string> = {
  jne: (resi) => `https://www.jne.co.id/tracking-package?awb=${resi}`,
  jnt: () => 'https://jet.co.id/track',
  pos: () => 'https://www.posindonesia.co.id/id/tracking',
  tiki: () => 'https://www.tiki.id/id/track',
};

/** The courier's tracking page for `resi`, or null for a courier without one (Gojek, Ambil Sendiri, marketplaces). */
export function courierTrackingUrl(kurir: string, resi: string): string | null {
  const page = Object.hasOwn(PAGES, kurir) ? PAGES[kurir as ProviderCourier] : undefined;
  const trimmed = resi.trim();
  return page && trimmed ? page(encodeURIComponent(trimmed)) : null;
}
