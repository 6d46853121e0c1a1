import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import { orgAdminTexts as t } from './org-admin.texts';

export function NoPermissionCard() {
  return (
    <Card data-testid="org-admin-no-permission">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
          <LockRoundedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.noPermission}
          </Typography>
          <Typography color="textSecondary">{t.noPermissionHint}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function FailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export function LoadingState() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={96} />
    </Stack>
  );
}
