/**
 * Document codes (docs/architecture.md, "The PWA's code"): the original app's format plus a short random tail, because
 * offline clients make ids on their own and two in one second must never collide.
 */
const TAIL_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomTail(length = 4, random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TAIL_ALPHABET[Math.floor(random() * TAIL_ALPHABET.length)];
  return out;
}

export const unixSeconds = (nowMs: number): number => Math.floor(nowMs / 1000);

/** Cart item: first 5 characters of the user id + 'B' + unix seconds + tail. */
export function cartCode(uid: string, nowMs = Date.now(), tail = randomTail()): string {
  return `${uid.slice(0, 5)}B${unixSeconds(nowMs)}${tail}`;
}

/** Order: first 5 characters of the user id + 'A' + unix seconds + tail. */
export function transactionCode(uid: string, nowMs = Date.now(), tail = randomTail()): string {
  return `${uid.slice(0, 5)}A${unixSeconds(nowMs)}${tail}`;
}

/** Custom order: 'CUSTMA' + unix seconds + tail. */
export function customCode(nowMs = Date.now(), tail = randomTail()): string {
  return `CUSTMA${unixSeconds(nowMs)}${tail}`;
}

/** What follows a code's letters: unix seconds and the four-character tail. */
const SECONDS_AND_TAIL = /^\d{9,11}[0-9a-z]{4}$/;

/**
 * Whether `id` is an order code as `transactionCode` makes it for the account `uid`: letters and digits only, so
 * nothing a customer names an order can pass for another code or for a gateway charge's id (src/domain/payments.ts).
 */
export function isTransactionCodeOf(id: string, uid: string): boolean {
  const prefix = `${uid.slice(0, 5)}A`;
  return id.startsWith(prefix) && SECONDS_AND_TAIL.test(id.slice(prefix.length));
}

/** Whether `id` is a custom order's code as `customCode` makes it. */
export const isCustomCode = (id: string): boolean => id.startsWith('CUSTMA') && SECONDS_AND_TAIL.test(id.slice(6));

/** Visitor identity for custom orders without an account: 'CST' + seconds + tail. */
export function visitorId(nowMs = Date.now(), tail = randomTail(8)): string {
  return `CST${unixSeconds(nowMs)}${tail}`;
}

export const isVisitorId = (id: string): boolean => /^CST\d{9,11}[0-9a-z]{8}$/.test(id);

/**
 * A new product's id. The spec counts the goods and adds one, or takes the time in milliseconds when the count is
 * unknown; two tablets adding a product offline would both count the same, so the id is always the time in
 * milliseconds, with a short random tail so two at the same millisecond still differ (like the other codes).
 */
export function newGoodsId(nowMs = Date.now(), random: () => number = Math.random): string {
  return `${nowMs}-${Math.floor(random() * 36 ** 4).toString(36).padStart(4, '0')}`;
}

const idCollator = new Intl.Collator('en', { numeric: true });
/**
 * The catalogue's order, the same in the pre-rendered page, the shop and the admin: by id, numbers as numbers, so
 * the first products ('1' … '5') come first and a new one (the time in ms) after them, newest last.
 */
export const compareGoodsIds = (a: { id: string }, b: { id: string }): number => idCollator.compare(a.id, b.id);

/** Ids are plain text keys: no CouchDB-reserved leading underscore, no control characters. */
export const ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9@._-]{0,63}$';
export const isValidId = (id: unknown): id is string => typeof id === 'string' && new RegExp(ID_PATTERN).test(id);
