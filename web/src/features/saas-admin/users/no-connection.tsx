import { Alert, AlertTitle, Button } from '@mui/material';
import { NO_CONNECTION_MESSAGE } from '../../reports/csv-transfer';
import { saasUsersTexts as t } from './saas-users.texts';

/** The admin tabs work online only: without network they say so and offer to try again. */
export function NoConnection({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      data-testid="no-connection"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    >
      <AlertTitle>{t.noConnection}</AlertTitle>
      {NO_CONNECTION_MESSAGE}
    </Alert>
  );
}
