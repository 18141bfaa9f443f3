/**
 * The custom order (docs/custom-orders.md): photos on white film and on black film, printed for an order
 * the customer placed on a marketplace. Anyone may place one, a visitor under their device's identity ('CST…').
 * The PWA builds the document with these functions; the server checks and prices it again with the same ones.
 */
import { customCode } from './codes';
import { customPrice, DEFAULT_PACKAGING, PACKAGING_FEES, packagingText } from './pricing';
import type { CustomDoc } from './schemas';
import { BUY_STATUS } from './status';

/** Custom orders are boxed in a map (default) or a box: 'none' is not offered. */
export const CUSTOM_PACKAGING = ['map', 'box'] as const;
export type CustomPackaging = (typeof CUSTOM_PACKAGING)[number];
export const isCustomPackaging = (t: unknown): t is CustomPackaging => CUSTOM_PACKAGING.includes(t as CustomPackaging);

/** Where the customer bought: the order number there is what the shop prints against. */
export const MARKETPLACES = ['tokopedia', 'shopee'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];
export const DEFAULT_MARKETPLACE: Marketplace = 'tokopedia';
export const isMarketplace = (m: unknown): m is Marketplace => MARKETPLACES.includes(m as Marketplace);

/** The spec's product id of a custom order. */
export const CUSTOM_PRODUCT_ID = '1';

/** What the wizard collects (the draft kept on the device between visits). */
export interface CustomDraft {
  /** Photo references (`local:` or uploaded URLs), in the customer's order. */
  white: string[];
  black: string[];
  packaging: CustomPackaging;
  bubbleWrap: boolean;
  marketplace: Marketplace;
  account: string;
  orderNumber: string;
  userName: string;
  email: string;
  phone: string;
}

export const emptyCustomDraft = (): CustomDraft => ({
  white: [],
  black: [],
  packaging: DEFAULT_PACKAGING as CustomPackaging,
  bubbleWrap: true,
  marketplace: DEFAULT_MARKETPLACE,
  account: '',
  orderNumber: '',
  userName: '',
  email: '',
  phone: '',
});

const filled = (s: unknown): boolean => typeof s === 'string' && s.trim() !== '';
/** '|' separates the parts of `pengiriman`: it never belongs to a name or a number. */
export const withoutSeparator = (s: string): string => s.replace(/\|/g, '');

/** 'ecommerce|account name|order number', as the spec stores it. */
export const pengirimanText = (d: Pick<CustomDraft, 'marketplace' | 'account' | 'orderNumber'>): string =>
  [d.marketplace, withoutSeparator(d.account.trim()), withoutSeparator(d.orderNumber.trim())].join('|');

/** Reads `pengiriman` back; null unless it names a known marketplace, an account and an order number. */
export function parsePengiriman(text: unknown): { marketplace: Marketplace; account: string; orderNumber: string } | null {
  if (typeof text !== 'string') return null;
  const [marketplace, account, orderNumber, ...rest] = text.split('|');
  if (rest.length > 0 || !isMarketplace(marketplace) || !filled(account) || !filled(orderNumber)) return null;
  return { marketplace, account: account!, orderNumber: orderNumber! };
}

export const photoCount = (d: Pick<CustomDraft, 'white' | 'black'>): number => d.white.length + d.black.length;

/** Spec section 4: step 1 needs a photo, step 2 always, step 3 the account name and order number. */
export function customStepReady(step: number, d: CustomDraft): boolean {
  if (step === 0) return photoCount(d) > 0;
  if (step === 2) return filled(d.account) && filled(d.orderNumber);
  return true;
}

/** Spec section 5: the final confirm needs full name, e-mail and WhatsApp number, and at least one photo. */
export const customConfirmReady = (d: CustomDraft): boolean =>
  photoCount(d) > 0 && filled(d.userName) && filled(d.email) && filled(d.phone);

/** Spec section 9: 5000 per photo, white or black, + the packaging fee per photo + 1000. */
export const customDraftPrice = (d: Pick<CustomDraft, 'white' | 'black' | 'packaging'>): number =>
  customPrice(d.white.length, d.black.length, PACKAGING_FEES[d.packaging]);

/** The custom order a customer or visitor writes (unpaid, no resi); the server prices it again. */
export function buildCustomOrder(owner: string, d: CustomDraft, nowMs = Date.now()): CustomDoc {
  return {
    id: customCode(nowMs),
    userID: owner,
    produkID: CUSTOM_PRODUCT_ID,
    userName: d.userName.trim(),
    email: d.email.trim(),
    phone: d.phone.trim(),
    // Shipping is the marketplace's: the order there has the address.
    provinsi: '',
    city: '',
    alamat: '',
    kurir: d.marketplace,
    pengiriman: pengirimanText(d),
    img: [...d.white, ...d.black],
    imgWhite: [...d.white],
    imgBlack: [...d.black],
    qty: photoCount(d),
    packaging: packagingText(d.packaging),
    bubble_wrap: d.bubbleWrap,
    price: customDraftPrice(d),
    buyStatus: BUY_STATUS.UNPAID,
    resi: '',
    createdAt: nowMs,
  };
}
