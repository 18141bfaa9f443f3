import { forgetAttachOffer, offerAttach, storedVisitorId } from '../../lib/auth/visitor-id';

/**
 * Signing up or logging in on a device that has a visitor identity: the custom orders placed as that visitor are
 * offered once to the account (docs/custom-orders.md). Marked before the call, because the offer is looked for the
 * moment the account is known; forgotten again when the call fails.
 */
export async function offeringAttach(enter: () => Promise<boolean>): Promise<boolean> {
  const visitor = storedVisitorId() !== null;
  if (visitor) offerAttach();
  const ok = await enter();
  if (visitor && !ok) forgetAttachOffer();
  return ok;
}
