/**
 * The admin area's tabs by stable id, in the menu's order. The id is the tab's word in the address
 * (`/admin?tab=antrian-cetak`) and in element ids; its label is ADMIN_UI.tabs[id], so a label can change without
 * breaking a bookmark, a test or the panel's wiring.
 */
import { ADMIN_UI } from '../../domain/admin-text';

export type AdminTabId = keyof typeof ADMIN_UI.tabs;

export const ADMIN_TABS: readonly AdminTabId[] = ['dashboard', 'pesanan', 'custom', 'antrian-cetak', 'pengguna', 'produk'];

/** The tab an address asks for, the Dashboard when it names none or an unknown one. */
export const tabFromAddress = (asked: string | null | undefined): AdminTabId =>
  ADMIN_TABS.find((id) => id === asked?.toLowerCase()) ?? 'dashboard';
