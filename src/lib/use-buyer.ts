/** Who is ordering: the account and its profile (name, WhatsApp number, address for the prefill). */
import type { Buyer } from '../domain/order';
import { usernameFromEmail } from '../domain/format';
import { useAuth } from './auth/auth-context';
import { useUserDoc } from './db/hooks';

export function useBuyer(): { buyer: Buyer | null; address: string } {
  const { user } = useAuth();
  const { doc } = useUserDoc(user?.uid);
  if (!user) return { buyer: null, address: '' };
  return {
    buyer: {
      uid: user.uid,
      userName: doc?.username || usernameFromEmail(user.email),
      email: user.email,
      phone: doc?.phone ?? '',
    },
    address: doc?.address ?? '',
  };
}
