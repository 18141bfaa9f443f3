/**
 * /profile and /profile/:pageId: the sidebar (Profile, Transaksi, Keranjang, Log Out) and the tab it names. The
 * Transaksi and Keranjang tabs are the ordering feature's, handed in by the route (src/app/pages/profile.tsx).
 */
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { UI } from '../../domain/ui-text';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { ProfileForm } from './profile-form';
import { useDocumentTitle } from '../../lib/use-document-title';

type Tab = 'setting' | 'transaksi' | 'keranjang';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'setting', label: UI.profile.profileTab },
  { id: 'transaksi', label: UI.profile.transaksiTab },
  { id: 'keranjang', label: UI.profile.keranjangTab },
];

export function tabFromPageId(pageId: string | undefined): Tab {
  return pageId === 'transaksi' || pageId === 'keranjang' ? pageId : 'setting';
}

/** A tab of the signed-in customer's, drawn for their account. */
export type AccountTab = ComponentType<{ uid: string }>;

export function ProfilePage({ Transaksi, Keranjang }: { Transaksi: AccountTab; Keranjang: AccountTab }) {
  const { user } = useAuth();
  const signOut = useSignOut();
  const { pageId } = useParams();
  const tab = tabFromPageId(pageId);
  const current = TABS.find((t) => t.id === tab)!;
  useDocumentTitle(current.label);
  if (!user) return null;

  return (
    <div className="profile-page">
      <aside className="profile-sidebar">
        <nav aria-label={UI.profile.sidebar}>
          <ul>
            {TABS.map((t) => (
              <li key={t.id}>
                <Link to={`/profile/${t.id}`} aria-current={t.id === tab ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="link-button" onClick={() => void signOut()}>
                {UI.nav.logout}
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <section className="profile-content" aria-labelledby="profile-tab-title">
        <h1 id="profile-tab-title">{current.label}</h1>
        {tab === 'setting' && <ProfileForm user={user} />}
        {tab === 'transaksi' && <Transaksi uid={user.uid} />}
        {tab === 'keranjang' && <Keranjang uid={user.uid} />}
      </section>
    </div>
  );
}
