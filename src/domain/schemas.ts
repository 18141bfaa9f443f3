/**
 * One JSON schema per collection (the documents of docs/architecture.md), used by RxDB in the PWA and by the server's
 * validation of every push, and the documents' types derived from them (from-schema.ts), so a field is declared once.
 * Strings are bounded so no client can store a novel in a field; the limits a form or a message names come from
 * field-limits.ts.
 */
import type { MigrationStrategies, MigrationStrategy } from 'rxdb';
import { ID_PATTERN } from './codes';
import { EVENT_BY, EVENT_KINDS, NOTE_MAX } from './history';
import { GOODS_LIMITS, PHOTO_LIST_MAX, QTY_MAX, TEXT_MAX, TRACKING_LIMITS, TYPE_MAX, TYPE_MIN } from './field-limits';
import type { FromSchema } from './from-schema';
import { PHOTO_EDIT_SCHEMA } from './photos';

const id = { type: 'string', maxLength: 64, pattern: ID_PATTERN } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const url = text(TEXT_MAX.url);
const urls = { type: 'array', maxItems: PHOTO_LIST_MAX, items: url } as const;
const money = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const count = (maximum: number) => ({ type: 'integer', minimum: 0, maximum }) as const;
const photoEdits = { type: 'array', maxItems: PHOTO_LIST_MAX, items: PHOTO_EDIT_SCHEMA } as const;
/** Millisecond timestamps: indexed numbers need bounds and a step. */
const timestamp = { type: 'integer', minimum: 0, maximum: 9_999_999_999_999, multipleOf: 1 } as const;

const goods = {
  title: 'goods',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    title: text(TEXT_MAX.title),
    desc: text(TEXT_MAX.desc),
    img: url,
    price: count(GOODS_LIMITS.price),
    qty: count(GOODS_LIMITS.qty),
    weight: count(GOODS_LIMITS.weight),
    type: { type: 'integer', minimum: TYPE_MIN, maximum: TYPE_MAX },
    show: { type: 'string', enum: ['show', 'hidden'] },
    gallery: urls,
  },
  required: ['id', 'title', 'desc', 'img', 'price', 'qty', 'weight', 'type', 'show'],
  additionalProperties: false,
} as const;

const carts = {
  title: 'carts',
  /** 1: photo-print items carry `photos` (crop and caption per photo); 2: each photo its `copies` and the server's `quality`. */
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    userID: id,
    name: text(TEXT_MAX.title),
    produkID: id,
    img: urls,
    qty: count(QTY_MAX),
    weight: count(10_000_000),
    packaging: text(40),
    price: money,
    photos: photoEdits,
    createdAt: timestamp,
  },
  required: ['id', 'userID', 'name', 'produkID', 'img', 'qty', 'weight', 'packaging', 'price', 'createdAt'],
  indexes: ['userID'],
  additionalProperties: false,
} as const;

/** One line of an order: a direct buy has one, a cart checkout one per ticked cart item. */
const orderLine = {
  type: 'object',
  properties: {
    produkID: id,
    cartID: text(64),
    name: text(TEXT_MAX.title),
    qty: count(QTY_MAX),
    img: urls,
    packaging: text(40),
    weight: count(100_000),
    price: money,
    photos: photoEdits,
  },
  required: ['produkID', 'name', 'qty', 'img', 'packaging', 'weight', 'price'],
  additionalProperties: false,
} as const;

const trackingLine = {
  type: 'object',
  properties: { at: text(TRACKING_LIMITS.at), text: text(TRACKING_LIMITS.text), city: text(TRACKING_LIMITS.city) },
  required: ['at', 'text', 'city'],
  additionalProperties: false,
} as const;

const trackingSchema = {
  type: 'object',
  properties: {
    resi: text(TEXT_MAX.resi),
    status: text(TRACKING_LIMITS.status),
    delivered: { type: 'boolean' },
    lines: { type: 'array', maxItems: TRACKING_LIMITS.lines, items: trackingLine },
    checkedAt: timestamp,
  },
  required: ['resi', 'status', 'delivered', 'lines', 'checkedAt'],
  additionalProperties: false,
} as const;

const transactions = {
  title: 'transactions',
  /**
   * 1: lines carry `photos` (crop and caption); `kendala` says why an order the server could not take failed.
   * 2: each photo its `copies` and the server's `quality`; `printedAt`, the server's mark that the order's cards were
   *    printed (src/domain/print-queue.ts); `paidLate`, money the gateway received after the order ended.
   * 3: `tracking`, the courier's last answer about the resi (src/domain/tracking.ts).
   */
  version: 3,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    userID: id,
    userName: text(TEXT_MAX.name),
    email: text(TEXT_MAX.email),
    phone: text(TEXT_MAX.phone),
    /** The single product id of a direct buy, or '' for a cart checkout (the lines hold the ids). */
    produkID: text(64),
    items: { type: 'array', minItems: 1, maxItems: 100, items: orderLine },
    provinsi: text(200),
    city: text(200),
    subdistrict: text(200),
    alamat: text(TEXT_MAX.address),
    kurir: text(40),
    pengiriman: text(200),
    /** Shipping cost and the server-signed quote it came from (docs/architecture.md, "The server is the authority"). */
    ongkir: money,
    quote: text(2000),
    qty: count(10_000),
    weight: count(10_000_000),
    price: money,
    packaging: text(40),
    bubble_wrap: { type: 'boolean' },
    img: urls,
    resi: text(TEXT_MAX.resi),
    buyStatus: count(4),
    /** Set by the server only: why the order is under 'Terjadi Kendala' (e.g. out of stock when it arrived). */
    kendala: text(300),
    /** Set by the server only: when the order's cards were last printed (it leaves the print queue). */
    printedAt: timestamp,
    /**
     * Set by the server only: rupiah paid through the payment gateway after the order was cancelled or expired, for
     * the owner to settle with the customer (docs/payments.md).
     */
    paidLate: money,
    /** Set by the server only: the courier's last answer about `resi` (docs/tracking.md). */
    tracking: trackingSchema,
    createdAt: timestamp,
  },
  required: [
    'id', 'userID', 'userName', 'email', 'phone', 'produkID', 'items', 'provinsi', 'city', 'subdistrict',
    'alamat', 'kurir', 'pengiriman', 'ongkir', 'quote', 'qty', 'weight', 'price', 'packaging', 'bubble_wrap',
    'img', 'resi', 'buyStatus', 'createdAt',
  ],
  indexes: ['userID', 'createdAt'],
  additionalProperties: false,
} as const;

const custom = {
  title: 'custom',
  /** 1: `printedAt`, as on transactions. */
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    /** The customer's uid, or the visitor identity ('CST…') of a visitor without an account. */
    userID: id,
    produkID: text(64),
    userName: text(TEXT_MAX.name),
    email: text(TEXT_MAX.email),
    phone: text(TEXT_MAX.phone),
    provinsi: text(200),
    city: text(200),
    alamat: text(TEXT_MAX.address),
    img: urls,
    kurir: text(40),
    /** 'ecommerce|account name|order number' */
    pengiriman: text(400),
    qty: count(10_000),
    packaging: text(40),
    bubble_wrap: { type: 'boolean' },
    price: money,
    buyStatus: count(4),
    imgWhite: urls,
    imgBlack: urls,
    resi: text(TEXT_MAX.resi),
    /** Set by the server only: when the order's cards were last printed (it leaves the print queue). */
    printedAt: timestamp,
    createdAt: timestamp,
  },
  required: [
    'id', 'userID', 'produkID', 'userName', 'email', 'phone', 'provinsi', 'city', 'alamat', 'img', 'kurir',
    'pengiriman', 'qty', 'packaging', 'bubble_wrap', 'price', 'buyStatus', 'imgWhite', 'imgBlack', 'resi',
    'createdAt',
  ],
  indexes: ['userID', 'createdAt'],
  additionalProperties: false,
} as const;

const users = {
  title: 'users',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    username: text(TEXT_MAX.name),
    email: text(TEXT_MAX.email),
    phone: text(TEXT_MAX.phone),
    address: text(TEXT_MAX.address),
    pict: url,
    createdAt: timestamp,
  },
  required: ['id', 'username', 'email', 'phone', 'address', 'pict', 'createdAt'],
  additionalProperties: false,
} as const;

/**
 * What happened to an order, one document per change (src/domain/history.ts, docs/history.md): created by the server
 * where the change happens, or by the admin as an internal note; never changed or deleted.
 */
const events = {
  title: 'events',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    orderId: id,
    /** The order's owner (their pull's filter), or NOTE_OWNER for an internal note. */
    userID: id,
    kind: { type: 'string', enum: EVENT_KINDS },
    at: timestamp,
    by: { type: 'string', enum: EVENT_BY },
    detail: {
      type: 'object',
      properties: {
        from: count(4),
        to: count(4),
        resi: text(TEXT_MAX.resi),
        priceFrom: money,
        priceTo: money,
        amount: money,
        text: text(NOTE_MAX),
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'orderId', 'userID', 'kind', 'at', 'by', 'detail'],
  indexes: ['orderId'],
  additionalProperties: false,
} as const;

export const SCHEMAS = { goods, carts, transactions, custom, users, events } as const;

/**
 * RxDB migrations, per collection and target version: a device holding older documents keeps them.
 * Every version so far only adds optional fields, so old documents pass unchanged.
 */
const unchanged: MigrationStrategy = (doc) => doc;
export const MIGRATIONS: Partial<Record<CollectionName, MigrationStrategies>> = {
  carts: { 1: unchanged, 2: unchanged },
  transactions: { 1: unchanged, 2: unchanged, 3: unchanged },
  custom: { 1: unchanged },
};
export type CollectionName = keyof typeof SCHEMAS;
export const COLLECTIONS = Object.keys(SCHEMAS) as CollectionName[];
export const isCollectionName = (name: unknown): name is CollectionName =>
  typeof name === 'string' && Object.hasOwn(SCHEMAS, name);

/** One line of an order (a direct buy's one, or one per ticked cart item). */
export type OrderLine = FromSchema<typeof orderLine>;
export type GoodsDoc = FromSchema<typeof goods>;
export type CartDoc = FromSchema<typeof carts>;
export type TransactionDoc = FromSchema<typeof transactions>;
export type CustomDoc = FromSchema<typeof custom>;
export type UserDoc = FromSchema<typeof users>;
export type EventDoc = FromSchema<typeof events>;
export type DocTypes = { [N in CollectionName]: FromSchema<(typeof SCHEMAS)[N]> };
/** A document as replication carries it: the fields plus RxDB's deletion flag. */
export type WithDeleted<T> = T & { _deleted: boolean };

/** The default profile picture written at sign-up (shipped in public/). */
export const DEFAULT_PICT = '/assets/default-profile.svg';
