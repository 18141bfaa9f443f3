/**
 * The customer's QRIS charge for one unpaid order (docs/payments.md): asked for when 'Bayar' opens online. One live
 * charge per order, reused by every opening (a new QR each time would leave the customer's first scan pointing at a
 * dead charge); a new one only when the last ended, failed, or the order's total changed. The amount is the order's
 * total as the server stored it, the expiry never later than the shop's unpaid expiry.
 *
 * Two openings at once on one instance share one call to the gateway; on two instances the payment record's revision
 * decides which one charges (`creating`), and the other answers 'coba lagi' until the charge exists.
 */
import type { Actor } from '../../src/domain/access';
import { CHARGE_MIN_LIFE_MS, chargeExpiresAt, chargeId } from '../../src/domain/payments';
import { BUY_STATUS } from '../../src/domain/status';
import { SECOND_MS } from '../../src/domain/time';
import type { Config } from '../config';
import { readPayment, updatePayment, type ChargeRecord, type PaymentRecord } from '../data-access/payments';
import { clientView, type Store } from '../data-access/store';
import { HttpError } from '../errors';
import { MidtransError, type MidtransClient } from './midtrans';

/** What the payment popup gets: the QR to show and the amount it carries. */
export interface ChargeAnswer {
  chargeId: string;
  amount: number;
  qrString: string;
  expiresAt: number;
}

/** A charge another request is making is left to it this long; after that it counts as lost (its instance stopped). */
const CREATING_MS = 30 * SECOND_MS;

const answerOf = (c: ChargeRecord): ChargeAnswer => ({ chargeId: c.id, amount: c.amount, qrString: c.qrString ?? '', expiresAt: c.expiresAt });

/** The charge still worth showing for `amount`, if any. */
export function liveCharge(record: PaymentRecord | null, amount: number, now: number): ChargeRecord | undefined {
  return record?.charges.find((c) => c.status === 'pending' && c.amount === amount && c.expiresAt - now >= CHARGE_MIN_LIFE_MS);
}

export class Charges {
  private readonly inFlight = new Map<string, Promise<ChargeAnswer>>();

  constructor(
    private readonly config: Pick<Config, 'unpaidExpiryHours'>,
    private readonly store: Store,
    private readonly gateway: MidtransClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** The order's live charge, made if needed; refusals as HttpError (404 not the actor's, 409 not unpaid or busy, 503 gateway). */
  open(actor: Actor, orderId: string): Promise<ChargeAnswer> {
    const running = this.inFlight.get(orderId);
    if (running) return this.ownedThen(actor, orderId, () => running);
    const run = this.ownedThen(actor, orderId, (order) => this.make(order)).finally(() => this.inFlight.delete(orderId));
    this.inFlight.set(orderId, run);
    return run;
  }

  /** Checks the order is the actor's and unpaid before `next`: a shared call is no way around the owner check. */
  private async ownedThen(actor: Actor, orderId: string, next: (order: Order) => Promise<ChargeAnswer>): Promise<ChargeAnswer> {
    const stored = await this.store.get('transactions', orderId);
    const order = stored ? clientView(stored) : null;
    if (!order || order._deleted || !actor.uid || order.userID !== actor.uid) throw new HttpError(404, 'not_found');
    if (order.buyStatus !== BUY_STATUS.UNPAID) throw new HttpError(409, 'payment_not_unpaid');
    return next({ id: order.id, userID: actor.uid, amount: Number(order.price), createdAt: Number(order.createdAt) });
  }

  private async make(order: Order): Promise<ChargeAnswer> {
    const now = this.now();
    const expiresAt = chargeExpiresAt(order, this.config.unpaidExpiryHours, now);
    if (expiresAt - now < CHARGE_MIN_LIFE_MS) throw new HttpError(409, 'payment_not_unpaid');
    const live = liveCharge(await readPayment(this.store, order.id), order.amount, now);
    if (live) return answerOf(live);

    let mine: ChargeRecord | undefined;
    const reserved = await updatePayment(
      this.store,
      order.id,
      (record) => {
        mine = undefined;
        const busy = record.charges.some((c) => c.status === 'creating' && now - c.createdAt < CREATING_MS);
        if (record.paid || busy || liveCharge(record, order.amount, now)) return null;
        for (const c of record.charges) if (c.status === 'creating') c.status = 'failed';
        mine = { id: chargeId(order.id, record.charges.length + 1), amount: order.amount, status: 'creating', createdAt: now, expiresAt };
        record.charges.push(mine);
        return record;
      },
      () => ({ _id: order.id, orderId: order.id, userID: order.userID, charges: [] }),
    );
    if (!mine) {
      const other = liveCharge(reserved, order.amount, now);
      if (other) return answerOf(other);
      throw new HttpError(409, reserved?.paid ? 'payment_not_unpaid' : 'payment_busy');
    }
    const made = mine;
    try {
      const charge = await this.gateway.chargeQris(made.id, made.amount, now, made.expiresAt);
      await this.settle(order.id, made.id, { status: 'pending', gatewayStatus: 'pending', ...charge });
      return answerOf({ ...made, ...charge });
    } catch (err) {
      await this.settle(order.id, made.id, { status: 'failed' });
      if (err instanceof MidtransError) {
        console.warn(`[payments] charge not made: ${err.message}`);
        throw new HttpError(503, 'payment_unavailable');
      }
      throw err;
    }
  }

  /** Writes what became of a charge this instance was making (unless a notification already moved it on). */
  private async settle(orderId: string, id: string, change: Partial<ChargeRecord>): Promise<void> {
    await updatePayment(this.store, orderId, (record) => {
      const charge = record.charges.find((c) => c.id === id);
      if (!charge || charge.status !== 'creating') return null;
      Object.assign(charge, change);
      return record;
    });
  }
}

interface Order {
  id: string;
  userID: string;
  amount: number;
  createdAt: number;
}
