import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, type Location } from 'react-router-dom';
import { AlertBar } from '../../components/alert-bar';
import { AlertLevel, useAlert } from '../../lib/alert';
import { Spinner } from '../../components/spinner';
import { onRefusedWrite } from '../../lib/db/db-manager';
import { AttachOfferSlot } from '../../features/custom/attach-offer-slot';
import { Footer } from './footer';
import { Nav } from './nav';
import { UI } from '../../domain/ui-text';

/**
 * Where the router keeps a page's scroll position. A page loaded by its address (typed, a link from outside, a
 * reload) has no history entry of the router's own, and every such page shares the key 'default': a page opened by
 * address after scrolling another opened at that one's place, down by the footer. Those go by their path instead.
 */
const scrollKey = (location: Location): string => (location.key === 'default' ? location.pathname : location.key);

/** Routes shown without the shop's navigation and footer. */
const BARE_ROUTES = ['/login', '/signup', '/admin'];

export function isBareRoute(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return BARE_ROUTES.some((r) => p === r || p.startsWith(`${r}/`));
}

export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { showAlert, closeAlert } = useAlert();
  const bare = isBareRoute(pathname);

  // A message belongs to the screen it was raised on.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) closeAlert();
    shownPath.current = pathname;
  }, [pathname, closeAlert]);

  // A write the server refused was reverted locally (red); one it took otherwise than written is told (amber).
  useEffect(() => onRefusedWrite((r) => showAlert(r.notice ? AlertLevel.warning : AlertLevel.error, r.message)), [showAlert]);

  return (
    <>
      <a className="skip-link" href="#main">
        {UI.skipToContent}
      </a>
      {/* One sticky block: a message stacks below the header instead of sticking over it (it covered the
          navigation until it was closed), and scrolls with nothing under it. */}
      <div className="top-bars">
        {!bare && <Nav />}
        <AlertBar />
      </div>
      <main id="main" tabIndex={-1} className={bare ? 'main bare' : 'main'}>
        {navigation.state === 'loading' && <Spinner overlay />}
        <Outlet />
      </main>
      {!bare && <Footer />}
      <AttachOfferSlot />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
