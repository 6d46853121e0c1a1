import { createRouter } from '@tanstack/react-router';
import { authRoutes } from '../features/auth/auth.routes';
import { appRoutes } from './routes';
import { rootRoute } from './root-route';

const routeTree = rootRoute.addChildren([appRoutes, ...authRoutes]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
