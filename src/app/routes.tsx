import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { LandingPage } from '../features/landing/landing-page';
import { ErrorPage } from './error-page';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/layout';
import { lazyRoute } from './lazy-route';

/** Every screen but the layout and the landing page is its own chunk, loaded on first visit. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: () => <Spinner overlay />,
    children: [
      { index: true, Component: LandingPage },
      { path: 'products', lazy: lazyRoute('products', () => import('../features/products/products-page').then((m) => m.ProductsPage)) },
      { path: 'tutorial', lazy: lazyRoute('tutorial', () => import('../features/pages/tutorial-page').then((m) => m.TutorialPage)) },
      { path: 'aboutus', lazy: lazyRoute('aboutus', () => import('../features/pages/placeholder-pages').then((m) => m.AboutPage)) },
      { path: 'custom', lazy: lazyRoute('custom', () => import('../features/custom/custom-page').then((m) => m.CustomPage)) },
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
          { path: 'profile', lazy: lazyRoute('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)) },
          { path: 'profile/:pageId', lazy: lazyRoute('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)) },
        ],
      },
      {
        Component: RequireAdmin,
        children: [{ path: 'admin', lazy: lazyRoute('admin', () => import('../features/admin/admin-page').then((m) => m.AdminPage)) }],
      },
    ],
  },
];
