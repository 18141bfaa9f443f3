/** Where the attach offer appears (any page, right after sign-up or login); its code loads only when there is one to make. */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { attachOffered, forgetAttachOffer } from '../../lib/auth/visitor-id';

const AttachOffer = lazy(() => import('./attach-offer').then((m) => ({ default: m.AttachOffer })));

export function AttachOfferSlot() {
  const { user } = useAuth();
  const [offered, setOffered] = useState(false);
  // The admin's account takes no customer's orders: the offer is dropped when the admin logs in on such a device.
  useEffect(() => {
    if (user?.admin) forgetAttachOffer();
    setOffered(user !== null && !user.admin && attachOffered());
  }, [user]);
  const done = useCallback(() => {
    forgetAttachOffer();
    setOffered(false);
  }, []);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <AttachOffer onDone={done} />
    </Suspense>
  );
}
