import { RouterProvider } from '@tanstack/react-router';
import { SessionProvider } from '../features/auth/session.queries';
import { ToastProvider } from '../ui/toast-provider';
import { router } from './router';
import { ThemeModeProvider } from './theme-mode-provider';

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
