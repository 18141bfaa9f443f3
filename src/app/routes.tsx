import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { LandingPage } from '../features/landing/landing-page';
import { ErrorPage } from './error-page';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/layout';
import { lazyRoute } from './lazy-route';

/**
 * Every screen but the layout and the landing page is its own chunk, loaded on first visit. A screen made of two
 * features (a page and the ordering feature's parts) is put together in pages/: features never import each other.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: () => <Spinner overlay />,
    children: [
      { index: true, Component: LandingPage },
      { path: 'products', lazy: lazyRoute('products', () => import('./pages/products').then((m) => m.ProductsRoute)) },
      { path: 'tutorial', lazy: lazyRoute('tutorial', () => import('../features/pages/tutorial-page').then((m) => m.TutorialPage)) },
      { path: 'aboutus', lazy: lazyRoute('aboutus', () => import('../features/pages/placeholder-pages').then((m) => m.AboutPage)) },
      { path: 'custom', lazy: lazyRoute('custom', () => import('./pages/custom').then((m) => m.CustomRoute)) },
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: 'login', lazy: lazyRoute('login', () => import('../features/auth/login-page').then((m) => m.LoginPage)) },
          { path: 'signUp', lazy: lazyRoute('signUp', () => import('../features/auth/signup-page').then((m) => m.SignUpPage)) },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: 'checkout', lazy: lazyRoute('checkout', () => import('../features/pages/placeholder-pages').then((m) => m.CheckoutPage)) },
          { path: 'profile', lazy: lazyRoute('profile', () => import('./pages/profile').then((m) => m.ProfileRoute)) },
          { path: 'profile/:pageId', lazy: lazyRoute('profile', () => import('./pages/profile').then((m) => m.ProfileRoute)) },
        ],
      },
      {
        Component: RequireAdmin,
        children: [{ path: 'admin', lazy: lazyRoute('admin', () => import('../features/admin/admin-page').then((m) => m.AdminPage)) }],
      },
    ],
  },
];
