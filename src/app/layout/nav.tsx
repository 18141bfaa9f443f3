import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { LogoMark } from '../../components/logo-mark';
import { UI } from '../../domain/ui-text';
import { useAuth } from '../../lib/auth/auth-context';
import { SyncChip } from './sync-chip';
import { UserMenu } from './user-menu';

/** Loaded on the first Keranjang (precached by the service worker, so offline too): `/` carries none of the cart. */
const CartOverlay = lazy(() => import('./cart-overlay').then((m) => ({ default: m.CartOverlay })));

export function Nav() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const location = useLocation();
  const links = useRef<HTMLUListElement>(null);
  const wasOpen = useRef(menuOpen);
  wasOpen.current = menuOpen;
  // The phone menu closes as a page opens. Focus on the link just used would fall to <body>, the top of the page, and
  // a screen reader would hear nothing of the new page: the page's content takes it. Without scrolling: the router put
  // the new page at its top, and focus would scroll its content up under the sticky header by the header's height.
  useEffect(() => {
    if (wasOpen.current && links.current?.contains(document.activeElement)) document.getElementById('main')?.focus({ preventScroll: true });
    setMenuOpen(false);
  }, [location.pathname]);
  const closeCart = useCallback(() => setCartOpen(false), []);
  const openCart = useCallback(() => setCartOpen(true), []);
  const toggle = useRef<HTMLButtonElement>(null);
  // The open phone menu covers the page: Escape closes it and puts focus back on its button.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !menuOpen || e.defaultPrevented) return;
    setMenuOpen(false);
    toggle.current?.focus();
  };

  return (
    <header className="site-header">
      <nav aria-label={UI.nav.label} className="nav" onKeyDown={onKeyDown}>
        <Link to="/" className="brand">
          <LogoMark size={32} />
          <span>{UI.brand}</span>
        </Link>
        <SyncChip />
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav-links"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{UI.nav.menu}</span>
        </button>
        <ul ref={links} id="nav-links" className={`nav-links${menuOpen ? ' open' : ''}`}>
          <li>
            <NavLink to="/" end>
              {UI.nav.home}
            </NavLink>
          </li>
          <li>
            <NavLink to="/products">{UI.nav.products}</NavLink>
          </li>
          <li>
            <NavLink to="/tutorial">{UI.nav.tutorial}</NavLink>
          </li>
          <li>
            <a href="#contact" onClick={() => setMenuOpen(false)}>
              {UI.nav.contact}
            </a>
          </li>
          {user ? (
            <>
              <li className="mobile-only">
                <NavLink to="/profile/transaksi">{UI.nav.transaksi}</NavLink>
              </li>
              <li className="mobile-only">
                <NavLink to="/profile/setting">{UI.nav.setting}</NavLink>
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/login" className="btn btn-small">
                {UI.nav.login}
              </NavLink>
            </li>
          )}
        </ul>
        {user && <UserMenu username={user.username} onOpenCart={openCart} />}
      </nav>
      {user && cartOpen && (
        <Suspense fallback={null}>
          <CartOverlay uid={user.uid} onClose={closeCart} />
        </Suspense>
      )}
    </header>
  );
}
