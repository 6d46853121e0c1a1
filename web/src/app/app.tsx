import { RouterProvider } from '@tanstack/react-router';
import { SessionProvider } from '../features/auth/session.queries';
import { ToastProvider } from '../ui/toast-provider';
import { router } from './router';
import { ThemeModeProvider } from './theme-mode-provider';

/**
 * Resolves the first address's matches (and fetches its screen's chunk) before React's first render, so
 * that render, started as a transition, mounts the frame and screen in slices. Left to the router's own
 * mount, the first load ends in a store change that React applies synchronously (a `useSyncExternalStore`
 * update), mounting the whole frame in one task (issue 19; docs/decisions.md). A failed load (a chunk
 * unreachable offline) still renders: the router loads again on mount and shows its error.
 */
export function loadFirstRoute(): Promise<void> {
  return router.load().catch(() => undefined);
}

export function App() {
  return (
    <ThemeModeProvider>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastProvider>
    </ThemeModeProvider>
  );
}
