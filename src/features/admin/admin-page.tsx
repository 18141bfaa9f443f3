import { useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LogoMark } from '../../components/logo-mark';
import { ADMIN_UI } from '../../domain/admin-text';
import { UI } from '../../domain/ui-text';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { useDocumentTitle } from '../../lib/use-document-title';
import './admin.css';
import { Dashboard } from './dashboard/dashboard';
import { CustomTab } from './orders/custom-tab';
import { PenggunaTab } from './pengguna/pengguna-tab';
import { PrintQueueTab } from './print-queue/print-queue-tab';
import { PesananTab } from './orders/pesanan-tab';
import { ProdukTab } from './produk/produk-tab';
import { SyncNote } from './sync-note';
import { ADMIN_TABS, tabFromAddress, type AdminTabId } from './tabs';
import { useNamedRefusals } from './use-named-refusals';

const TAB_CONTENT: Record<AdminTabId, () => ReactNode> = {
  dashboard: () => <Dashboard />,
  pesanan: () => <PesananTab />,
  custom: () => <CustomTab />,
  'antrian-cetak': () => <PrintQueueTab />,
  pengguna: () => <PenggunaTab />,
  produk: () => <ProdukTab />,
};

/** admin.css: from this width the menu is a column beside the panel; below it, a row above the panel (a tablet). */
const MENU_BESIDE = '(min-width: 80rem)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(MENU_BESIDE) : null);

const onMediaChange = (changed: () => void) => {
  const query = media();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const menuBeside = () => media()?.matches ?? false;

/** The menu's orientation as drawn, for screen readers (it said vertical on the tablet, where it is a row). */
function useMenuOrientation(): 'horizontal' | 'vertical' {
  // Module-level functions: an inline subscribe would be a new one at every render, and React would subscribe again.
  return useSyncExternalStore(onMediaChange, menuBeside, () => false) ? 'vertical' : 'horizontal';
}

/**
 * The open tab lives in the address (`/admin?tab=pesanan`), so a reload, or the reload into a new version of the
 * shop, brings the owner back to the tab they were on. It replaces the entry: Back leaves the admin area, as before.
 */
function useTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabFromAddress(params.get('tab'));
  const setTab = (next: AdminTabId) => setParams(next === 'dashboard' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  return [tab, setTab];
}

/** The admin area: an in-page menu of six tabs. */
export function AdminPage() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const [tab, setTab] = useTab();
  useDocumentTitle(`${ADMIN_UI.tabs[tab]} · Admin`);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const orientation = useMenuOrientation();
  useNamedRefusals();

  const onKey = (e: KeyboardEvent) => {
    const i = ADMIN_TABS.indexOf(tab);
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + ADMIN_TABS.length) % ADMIN_TABS.length;
    setTab(ADMIN_TABS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div className="admin">
      <header className="admin-header">
        <Link to="/" className="brand">
          <LogoMark size={32} />
          <span>{ADMIN_UI.title}</span>
        </Link>
        <SyncNote />
        <span className="admin-user">{user?.username}</span>
        <button type="button" className="btn btn-small" onClick={() => void signOut()}>
          {UI.nav.logout}
        </button>
      </header>
      <div className="admin-body">
        <div role="tablist" aria-label={ADMIN_UI.menu} aria-orientation={orientation} className="admin-menu" onKeyDown={onKey}>
          {ADMIN_TABS.map((t, i) => (
            <button
              key={t}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${t}`}
              aria-selected={t === tab}
              aria-controls="admin-panel"
              tabIndex={t === tab ? 0 : -1}
              onClick={() => setTab(t)}
            >
              {ADMIN_UI.tabs[t]}
            </button>
          ))}
        </div>
        {/* A tab stop of its own (WAI-ARIA tabs): Tab from the tab list lands on the panel, whose first content (the
            heading, the Dashboard's cards) is not focusable, and a screen reader starts reading the panel there. */}
        <section id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel" tabIndex={0}>
          <h1>{ADMIN_UI.tabs[tab]}</h1>
          {TAB_CONTENT[tab]()}
        </section>
      </div>
    </div>
  );
}
