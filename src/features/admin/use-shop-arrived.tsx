import { useState } from 'react';
import { ADMIN_UI } from '../../domain/admin-text';
import { useSyncState } from '../../lib/db/database-context';

/**
 * Whether the tab may believe the device's empty list. Log Out wipes the device, so after each Log In the tablet
 * holds nothing until its first sync has pulled the shop (seconds, and longer on a poor connection). Until then
 * an empty collection means "not here yet", not "none": the Dashboard said 'Total Pesanan 0', 'Rp 0K' and no stock,
 * and Pesanan 'Belum ada pesanan.'. Once this tab's sync has caught up (while the tab is open), an empty list is
 * believed.
 */
export function useShopArrived(empty: boolean): boolean {
  const sync = useSyncState();
  // Latched for the tab's life: a later pull running (syncing again) does not make the lists doubt themselves. Set
  // during render, React's way of keeping what an earlier render saw (it renders again before anything is shown).
  const [caughtUp, setCaughtUp] = useState(false);
  if (!caughtUp && sync?.leader && sync.lastSyncedAt !== null && !sync.syncing) setCaughtUp(true);
  // Another tab replicates for this one: nothing says when the shop has arrived there, so the list is believed, as
  // the sync chip does ('Disinkronkan di tab lain'). Not while the election runs (a reloaded tab, for a moment): the
  // list said 'Total Pesanan 0' between two spinners. Not latched: that tab may close, and this one pull.
  return !empty || caughtUp || (sync !== null && sync.elected && !sync.leader);
}

/** What a tab shows until then: the spinner and, visibly, why (on a poor connection it may take a while). */
export function ShopLoading() {
  return (
    <div className="spinner-inline admin-shop-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{ADMIN_UI.loadingShop}</span>
    </div>
  );
}
