import { forgetAttachOffer, offerAttach, storedVisitorId } from '../../lib/auth/visitor-id';
import { sendVisitorOrders } from './visitor-orders';

/**
 * Signing up or logging in on a device that has a visitor identity: the custom orders placed as that visitor are
 * offered once to the account (docs/custom-orders.md). Those still waiting on the device are sent first, so the
 * offer counts them (`onWaiting` hears how many wait). Marked before the call, because the offer is looked for the
 * moment the account is known; forgotten again when the call fails.
 */
export async function offeringAttach(enter: () => Promise<boolean>, onWaiting: (n: number) => void = () => undefined): Promise<boolean> {
  const visitor = storedVisitorId() !== null;
  if (visitor) {
    await sendVisitorOrders(onWaiting);
    onWaiting(0);
    offerAttach();
  }
  const ok = await enter();
  if (visitor && !ok) forgetAttachOffer();
  return ok;
}
