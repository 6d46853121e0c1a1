import { Alert, AlertTitle, Button } from '@mui/material';
import { OfflineNotice } from '../../ui/offline-notice';
import { serverMessage } from '../../lib/server-message';
import { isOfflineError } from './saas-errors';

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
  if (isOfflineError(error)) return <OfflineNotice onRetry={onRetry} />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      <AlertTitle>{fallback}</AlertTitle>
      {serverMessage(error, fallback)}
    </Alert>
  );
}
