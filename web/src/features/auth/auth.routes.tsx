import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { GuestOnly } from './guards';
import { LoginScreen } from './login-screen';
import { RegisterScreen } from './register-screen';

export type LoginSearch = { suspended?: boolean };

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // `?suspended=true` (spec 1 §2); the router's parser already turns 'true' into a boolean.
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.suspended === true || search.suspended === 'true' ? { suspended: true } : {},
  component: function LoginPage() {
    const { suspended } = loginRoute.useSearch();
    return (
      <GuestOnly>
        <LoginScreen suspended={suspended === true} />
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
        <RegisterScreen />
      </GuestOnly>
    );
  },
});

export const authRoutes = [loginRoute, registerRoute] as const;
