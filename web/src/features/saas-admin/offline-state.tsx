import { Alert, AlertTitle, Button } from '@mui/material';
import { serverMessage } from '../auth/server-message';
import { isOfflineError, OFFLINE_DETAIL, OFFLINE_TEXT } from './saas-errors';

/** A failed load: 'Sem ligação' with a retry when offline, else the server's message. */
export function LoadFailed({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  const offline = isOfflineError(error);
  return (
    <Alert
      severity={offline ? 'warning' : 'error'}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      <AlertTitle>{offline ? OFFLINE_TEXT : fallback}</AlertTitle>
      {offline ? OFFLINE_DETAIL : serverMessage(error, fallback)}
    </Alert>
  );
}
