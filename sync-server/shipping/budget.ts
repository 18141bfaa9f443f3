/**
 * The day's calls to RajaOngkir for prices (docs/shipping.md). Its free plan allows about a hundred cost calls a day,
 * shared with the resi tracking on the same key, and every customer's price that is not in the cache costs one. So
 * this instance makes at most RAJAONGKIR_CALLS_PER_DAY of them a day (a day in Indonesia's western time, WIB, UTC+7),
 * and no address and no account more than a fifth of them: one script cannot spend the day's calls alone. A price
 * refused a call is estimated from the built-in tariff table instead (router.ts); nothing is refused for it.
 */
import { DAY_MS, HOUR_MS } from '../../src/domain/time';

/** One address's or one account's share of the day's calls: a fifth (at least one). */
const SHARE_DIVISOR = 5;
/** WIB is UTC+7: the day turns at midnight in Jakarta. */
const WIB_OFFSET_MS = 7 * HOUR_MS;

/** Who asks for a price: spends one of the day's calls for it, or is told there is none left for them. */
export interface Payer {
  spend(): boolean;
}

export class CallBudget {
  private day = -1;
  private spent = 0;
  private readonly spentBy = new Map<string, number>();

  /** `perDay` 0: no limit. */
  constructor(
    private readonly perDay: number,
    private readonly now: () => number = Date.now,
  ) {}

  private get share(): number {
    return Math.max(1, Math.ceil(this.perDay / SHARE_DIVISOR));
  }

  /** A payer for a request of these keys (its address, its account when it has one). */
  payer(keys: readonly string[]): Payer {
    return { spend: () => this.spend(keys) };
  }

  private spend(keys: readonly string[]): boolean {
    if (this.perDay === 0) return true;
    const today = Math.floor((this.now() + WIB_OFFSET_MS) / DAY_MS);
    if (today !== this.day) {
      this.day = today;
      this.spent = 0;
      this.spentBy.clear();
    }
    if (this.spent >= this.perDay || keys.some((k) => (this.spentBy.get(k) ?? 0) >= this.share)) return false;
    this.spent += 1;
    for (const k of keys) this.spentBy.set(k, (this.spentBy.get(k) ?? 0) + 1);
    return true;
  }
}
