import { RouterProvider } from '@tanstack/react-router';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/pt';
import { SessionProvider } from '../features/auth/session-context';
import { ToastProvider } from '../ui/toast-provider';
import { router } from './router';
import { ThemeModeProvider } from './theme-mode-provider';

export function App() {
  return (
    <ThemeModeProvider>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt">
        <ToastProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </ToastProvider>
      </LocalizationProvider>
    </ThemeModeProvider>
  );
}
