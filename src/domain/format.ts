/**
 * Display formats: IDR in the Indonesian locale, dates in en-US (docs/architecture.md, "The PWA's code"). Light: the
 * landing page loads it.
 */
const idr = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
export const formatIDR = (amount: number): string => idr.format(amount);

/** A count the Indonesian way: 1.500 (stock, grams). */
const wholeNumbers = new Intl.NumberFormat('id-ID');
export const formatCount = (n: number): string => wholeNumbers.format(n);

const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const date = new Intl.DateTimeFormat('en-US', DAY);
export const formatDate = (ms: number): string => date.format(new Date(ms));

const shopDate = new Intl.DateTimeFormat('en-US', { ...DAY, timeZone: 'Asia/Jakarta' });
/**
 * The date on the shop's calendar (WIB) whatever the machine's zone: what the server writes (the CSV export). In the
 * server's own zone (UTC on most hosts) an order placed at 00:30 WIB was dated the day before.
 */
export const formatShopDate = (ms: number): string => shopDate.format(new Date(ms));

const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** A date with its time, in the en-US format too (a payment deadline). */
export const formatDateTime = (ms: number): string => dateTime.format(new Date(ms));

/** The part of the e-mail before the @: the username and the navigation's name. */
export const usernameFromEmail = (email: string): string => email.split('@')[0] ?? email;

/** Dashboard: ongoing transaction value as 'Rp {sum/1000}K', the number in the Indonesian way ('Rp 171,5K'). */
const thousandsOfRupiah = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });
export const dashboardThousands = (sum: number): string => `Rp ${thousandsOfRupiah.format(sum / 1000)}K`;

/** Dashboard stock bands: below 10, 20, 30, 40, 50, and 50 or more (0..5, darker as stock grows). */
export const STOCK_BANDS = [10, 20, 30, 40, 50] as const;
export function stockBand(stock: number): number {
  const i = STOCK_BANDS.findIndex((limit) => stock < limit);
  return i === -1 ? STOCK_BANDS.length : i;
}

/** A shipping cost of 0 is shown as 'CHAT ADMIN'. */
export const formatShippingCost = (value: number): string => (value === 0 ? 'CHAT ADMIN' : formatIDR(value));
