import { lazy, Suspense } from 'react';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { GuestOnly } from './guards';

// The forms (react-hook-form, resolvers) load with their route, not with the app's first script.
const LoginScreen = lazy(() => import('./login-screen').then((m) => ({ default: m.LoginScreen })));
const RegisterScreen = lazy(() => import('./register-screen').then((m) => ({ default: m.RegisterScreen })));

export type LoginSearch = { suspended?: boolean };

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // `?suspended=true` (docs/product.md#accounts); the router's parser already turns 'true' into a boolean.
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.suspended === true || search.suspended === 'true' ? { suspended: true } : {},
  component: function LoginPage() {
    const { suspended } = loginRoute.useSearch();
    return (
      <GuestOnly>
        <Suspense fallback={<FullScreenSpinner />}>
          <LoginScreen suspended={suspended === true} />
        </Suspense>
      </GuestOnly>
    );
  },
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: function RegisterPage() {
    return (
      <GuestOnly>
        <Suspense fallback={<FullScreenSpinner />}>
          <RegisterScreen />
        </Suspense>
      </GuestOnly>
    );
  },
});

export const authRoutes = [loginRoute, registerRoute] as const;
