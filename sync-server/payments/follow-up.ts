/**
 * Nothing missed, nothing doubled (docs/payments.md): what the shop asks the gateway itself instead of waiting to be
 * told, or instead of believing what it is told. A notification can be lost on the way, so before an unpaid order with
 * an open charge expires, and when the admin looks at its payment, the server asks `GET /v2/{order_id}/status` and
 * applies the answer (outcome.ts). A notification that arrives is only a reason to ask (`confirm`): its signature does
 * not cover `transaction_status`, so the status answer, never the notification, moves money; when the gateway does not
 * answer, the order stays as it was and is asked about again later (`RECHECK_AFTER_MS`). An order that leaves 'Belum Dibayar' by any road but payment (the customer's cancel, the expiry, the
 * admin's 'Gagal' or delete) has its open charges cancelled (`POST /v2/{order_id}/cancel`), so its QR can no longer
 * be paid; a cancel answered "412" (settled meanwhile) is a payment that came late, kept for the owner.
 *
 * The cancels follow the store's changes feed, so every writer of an order (push, /couch, the expiry, another
 * instance) is covered without knowing of payments. A change missed while the server was down is covered by the
 * charge's own expiry, which never outlives the order's.
 */
import { paymentOutcome } from '../../src/domain/payments';
import { BUY_STATUS } from '../../src/domain/status';
import { HOUR_MS, MINUTE_MS } from '../../src/domain/time';
import { readPayment, updatePayment, type ChargeRecord } from '../data-access/payments';
import { clientView, type Store } from '../data-access/store';
import type { Config } from '../config';
import { MidtransClient, MidtransError, type MidtransTransaction } from './midtrans';
import { applyChargeFact } from './outcome';

/**
 * Waits before each further question about an order whose notification the gateway could not confirm: Midtrans
 * re-sends the notification too (it was answered 503), and the expiry asks before it moves the order.
 */
export const RECHECK_AFTER_MS: readonly number[] = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS];
/** Orders waiting to be asked about again at once: past it a flood of them waits for Midtrans' re-sends and the expiry. */
const RECHECK_MAX_ORDERS = 500;

/** The shop's follow-up of its charges, watching its orders; null without MIDTRANS_SERVER_KEY. */
export function startPaymentFollowUp(
  config: Pick<Config, 'midtransServerKey' | 'midtransApiUrl'>,
  store: Store,
  recheckAfterMs: readonly number[] = RECHECK_AFTER_MS,
): PaymentFollowUp | null {
  const gateway = MidtransClient.fromConfig(config);
  if (!gateway) return null;
  const followUp = new PaymentFollowUp(store, gateway, Date.now, recheckAfterMs);
  followUp.watch().catch((err: unknown) => {
    if (!store.isClosed) console.warn(`[payments] orders not followed (${(err as Error)?.message ?? err}): charges of cancelled orders run to their expiry`);
  });
  return followUp;
}

const open = (c: ChargeRecord): boolean => c.status === 'pending' || c.status === 'creating';

export class PaymentFollowUp {
  private stopWatching: (() => void) | null = null;
  private stopped = false;
  private readonly cancelling = new Set<string>();
  /** Per charge, the question about it in flight: a notification re-sent (or replayed) at once asks once. */
  private readonly confirming = new Map<string, Promise<boolean>>();
  private readonly rechecks = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly store: Store,
    private readonly gateway: MidtransClient,
    private readonly now: () => number = Date.now,
    private readonly recheckAfterMs: readonly number[] = RECHECK_AFTER_MS,
  ) {}

  /**
   * Asks the gateway about the order's open charges and applies what it says. True when the order turned out paid
   * (the expiry then leaves it). A gateway that does not answer changes nothing here.
   */
  async reconcile(orderId: string): Promise<boolean> {
    return (await this.askAbout(orderId)).paid;
  }

  /**
   * A notification named this charge: the gateway is asked what became of it, and its answer is applied. False when
   * the gateway did not answer: nothing changed, and the order is asked about again later.
   */
  confirm(orderId: string, charge: ChargeRecord): Promise<boolean> {
    let run = this.confirming.get(charge.id);
    if (!run) {
      run = this.ask(() => this.gateway.status(charge.id))
        .then(async (answer) => {
          if (!answer) this.askLater(orderId);
          else await this.learn(orderId, charge, answer);
          return answer !== null;
        })
        .finally(() => this.confirming.delete(charge.id));
      this.confirming.set(charge.id, run);
    }
    return run;
  }

  /** Cancels the order's open charges at the gateway (the order left 'Belum Dibayar' otherwise than paid). */
  async cancelOpen(orderId: string): Promise<void> {
    const record = await readPayment(this.store, orderId);
    for (const charge of record?.charges.filter(open) ?? []) {
      const answer = await this.ask(() => this.gateway.cancel(charge.id));
      if (!answer) continue;
      // "412": it can no longer be cancelled, because it settled or ended: ask what became of it.
      const known = answer.status_code === '412' ? await this.ask(() => this.gateway.status(charge.id)) : answer;
      if (known) await this.learn(orderId, charge, known);
    }
  }

  /** Follows the orders: one that is cancelled, deleted or failed gets its open charges cancelled. */
  async watch(): Promise<void> {
    this.stopWatching = await this.store.watch('transactions', (change) => {
      const order = change.doc ? clientView(change.doc) : null;
      if (!order || (order._deleted !== true && Number(order.buyStatus) !== BUY_STATUS.FAILED)) return;
      if (this.cancelling.has(order.id)) return;
      this.cancelling.add(order.id);
      void this.cancelOpen(order.id)
        .catch((err: unknown) => console.warn(`[payments] charges of ${order.id} not cancelled: ${(err as Error)?.message ?? err}`))
        .finally(() => this.cancelling.delete(order.id));
    });
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching?.();
    for (const timer of this.rechecks.values()) clearTimeout(timer);
    this.rechecks.clear();
  }

  /** Each open charge of the order asked about: whether one paid it, and whether the gateway left one unanswered. */
  private async askAbout(orderId: string): Promise<{ paid: boolean; unanswered: boolean }> {
    const record = await readPayment(this.store, orderId);
    let paid = false;
    let unanswered = false;
    for (const charge of record?.charges.filter(open) ?? []) {
      const answer = await this.ask(() => this.gateway.status(charge.id));
      if (!answer) unanswered = true;
      else if (await this.learn(orderId, charge, answer)) paid = true;
    }
    return { paid, unanswered };
  }

  /** Asks about the order again after the next wait, until the gateway answers or the waits run out. */
  private askLater(orderId: string, attempt = 0): void {
    const wait = this.recheckAfterMs[attempt];
    if (this.stopped || wait === undefined) return;
    if (attempt === 0 && (this.rechecks.has(orderId) || this.rechecks.size >= RECHECK_MAX_ORDERS)) return;
    const timer = setTimeout(() => {
      this.rechecks.delete(orderId);
      this.askAbout(orderId).then(
        ({ unanswered }) => unanswered && this.askLater(orderId, attempt + 1),
        (err: unknown) => {
          if (!this.store.isClosed) console.warn(`[payments] ${orderId} not asked about again: ${(err as Error)?.message ?? err}`);
        },
      );
    }, wait);
    timer.unref();
    this.rechecks.set(orderId, timer);
  }

  /** Applies the gateway's answer about one charge; true when it paid the order (in time). */
  private async learn(orderId: string, charge: ChargeRecord, answer: MidtransTransaction): Promise<boolean> {
    if (answer.status_code === '404') {
      // The gateway never made it (the instance stopped before its answer, or the charge call failed).
      await updatePayment(this.store, orderId, (r) => {
        const c = r.charges.find((x) => x.id === charge.id);
        if (!c || !open(c)) return null;
        c.status = 'failed';
        return r;
      });
      return false;
    }
    const outcome = paymentOutcome(answer.transaction_status ?? '', answer.fraud_status);
    const amount = Number(answer.gross_amount);
    if (outcome === null || amount !== charge.amount || answer.order_id !== charge.id) return false;
    const fact = { orderId, chargeId: charge.id, outcome, gatewayStatus: answer.transaction_status!, transactionId: answer.transaction_id, amount };
    const { late } = await applyChargeFact(this.store, fact, this.now());
    return outcome === 'paid' && !late;
  }

  private async ask(call: () => Promise<MidtransTransaction>): Promise<MidtransTransaction | null> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof MidtransError)) throw err;
      console.warn(`[payments] gateway did not answer: ${err.message}`);
      return null;
    }
  }
}
