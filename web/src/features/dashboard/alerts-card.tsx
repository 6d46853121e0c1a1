import { Alert, Skeleton, Stack } from '@mui/material';
import NotificationImportantRoundedIcon from '@mui/icons-material/NotificationImportantRounded';
import CakeRoundedIcon from '@mui/icons-material/CakeRounded';
import { RouterButton } from '../../ui/router-link';
import { DashboardCard, EmptyText } from './dashboard-card';
import { birthdayNamesText, LONG_NO_CONTACT_DAYS } from './dashboard.figures';

const NUMBER = new Intl.NumberFormat('pt-PT');

/** Overdue follow-ups, today's birthdays and long silences (docs/product.md#dashboard alerts). */
export function AlertsCard({
  overdue,
  birthdayNames,
  longWithoutContact,
}: {
  overdue: number | undefined;
  birthdayNames: string[] | undefined;
  longWithoutContact: number | undefined;
}) {
  const loading = overdue === undefined || birthdayNames === undefined || longWithoutContact === undefined;
  const none = !loading && overdue === 0 && birthdayNames.length === 0 && longWithoutContact === 0;
  return (
    <DashboardCard title="Alertas" icon={<NotificationImportantRoundedIcon />} tone="error" testId="alerts">
      {loading ? (
        <Skeleton variant="rounded" height={96} />
      ) : none ? (
        <EmptyText>Sem alertas no momento</EmptyText>
      ) : (
        <Stack spacing={1.5}>
          {overdue > 0 && (
            <Alert
              severity="error"
              action={
                <RouterButton to="/followups" color="inherit" size="small">
                  Ver
                </RouterButton>
              }
            >
              {overdue === 1 ? '1 follow-up em atraso' : `${NUMBER.format(overdue)} follow-ups em atraso`}
            </Alert>
          )}
          {birthdayNames.length > 0 && (
            <Alert severity="info" icon={<CakeRoundedIcon />} data-testid="birthday-alert">
              Aniversários hoje: {birthdayNamesText(birthdayNames)}
            </Alert>
          )}
          {longWithoutContact > 0 && (
            <Alert severity="warning">
              {longWithoutContact === 1
                ? `1 cliente sem contacto há mais de ${LONG_NO_CONTACT_DAYS} dias`
                : `${NUMBER.format(longWithoutContact)} clientes sem contacto há mais de ${LONG_NO_CONTACT_DAYS} dias`}
            </Alert>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
