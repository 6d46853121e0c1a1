import type { ReactNode } from 'react';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';

export const OFFLINE_TITLE = 'Sem ligação';
export const OFFLINE_DETAIL = 'Sem ligação ao servidor. Verifique a ligação à Internet e tente novamente.';
const RETRY = 'Tentar novamente';

/**
 * An online-only screen without network: 'Sem ligação', what that means there, and 'Tentar novamente'
 * when `onRetry` is given. `card` is a whole screen's state (icon, centred); `alert` a warning line.
 */
export function OfflineNotice({
  detail = OFFLINE_DETAIL,
  onRetry,
  variant = 'alert',
  testId,
  sx,
}: {
  detail?: ReactNode;
  onRetry?: () => void;
  variant?: 'alert' | 'card';
  testId?: string;
  sx?: React.ComponentProps<typeof Alert>['sx'];
}) {
  if (variant === 'card') {
    return (
      <Card data-testid={testId} sx={sx}>
        <CardContent>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <WifiOffRoundedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {OFFLINE_TITLE}
            </Typography>
            <Typography color="textSecondary">{detail}</Typography>
            {onRetry && (
              <Button variant="contained" onClick={onRetry}>
                {RETRY}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid={testId}
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {RETRY}
          </Button>
        )
      }
    >
      <AlertTitle>{OFFLINE_TITLE}</AlertTitle>
      {detail}
    </Alert>
  );
}
