import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Snackbar } from '@mui/material';

/** Toasts (docs/product.md#messages): title, description, variant; one shown at a time for 5 s. */
export type Toast = { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' };

export const TOAST_DURATION_MS = 5000;

type ShownToast = Toast & { id: number };

const ToastContext = createContext<((toast: Toast) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((toast: Toast) => {
    setCurrent({ ...toast, id: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => show, [show]);

  const severity =
    current?.variant === 'destructive' ? 'error' : current?.variant === 'success' ? 'success' : 'info';
  return (
    <ToastContext value={value}>
      {children}
      <Snackbar
        key={current?.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ maxWidth: { md: 420 } }}
      >
        <Alert
          severity={severity}
          variant="filled"
          onClose={() => setOpen(false)}
          // MUI's filled info blue is below the 4.5:1 contrast white text needs; its dark shade is not.
          sx={{ width: '100%', ...(severity === 'info' ? { bgcolor: 'info.dark' } : {}) }}
          role={severity === 'error' ? 'alert' : 'status'}
        >
          {current?.description ? <AlertTitle>{current.title}</AlertTitle> : current?.title}
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext>
  );
}

export function useToast(): (toast: Toast) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
