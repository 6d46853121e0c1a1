import { lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import DirectionsRunRoundedIcon from '@mui/icons-material/DirectionsRunRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { roleLabel } from '@casa/shared-schema/values';
import { greetingName } from '../auth/user-display.logic';
import { usePermissions } from '../auth/permissions.queries';
import { useSyncClient } from '../../data/sync-provider';
import type { SyncClient } from '../../data/sync-client';
import { useReplicaSettled } from '../../data/sync-state';
import { FirstSyncNotice } from '../../ui/first-sync-notice';
import { AlertsCard } from './alerts-card';
import { BirthdaysCard } from './birthdays-card';
import { ContactListCard } from './contact-list-card';
import { QuickActions } from './quick-actions';
import { RecentActivityCard } from './recent-activity-card';
import { RecentClientsCard } from './recent-clients-card';
import { StatCards } from './stat-cards';
import { TodayFollowUpsCard } from './today-follow-ups-card';
import { useDashboardData, type DashboardData } from './use-dashboard-data';
import { useNow } from '../../lib/use-now';

const MarathonDialog = lazy(() => import('../cold-calls/marathon-dialog'));

/** Dashboard (docs/product.md#dashboard): greeting, stat cards, quick actions and the day's lists, from the local replica. */
export default function DashboardScreen({ user }: { user: CurrentUser }) {
  const client = useSyncClient();
  const { canCreate } = usePermissions();
  const [marathonOpen, setMarathonOpen] = useState(false);

  return (
    <Stack spacing={3} data-testid="dashboard">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={1}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            Olá, {greetingName(user)}!
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip label={roleLabel(user.role)} color="primary" size="small" data-testid="role-label" />
            {user.organizationName && (
              <Typography variant="body2" color="textSecondary">
                {user.organizationName}
              </Typography>
            )}
          </Stack>
        </Stack>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<DirectionsRunRoundedIcon />}
            onClick={() => setMarathonOpen(true)}
            sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}
          >
            Modo Maratona
          </Button>
        )}
      </Stack>
      {client ? (
        <DashboardBody client={client} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="A carregar" />
        </Box>
      )}
      {canCreate && marathonOpen && (
        <Suspense fallback={null}>
          <MarathonDialog open={marathonOpen} onClose={() => setMarathonOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** What the cards show until the first sync has finished: skeletons, not zeros or empty states. */
const NOT_SYNCED = {
  clients: undefined,
  birthdays: undefined,
  followUps: undefined,
  calls: undefined,
  properties: undefined,
  activity: undefined,
  contactList: undefined,
  olderContacts: undefined,
} as const;

// Each card renders again only when its own props change: the dashboard's figures arrive one by one (a
// dozen reads and worker answers at start), and each arrival re-rendered every card (issue 19).
const StatCardsOnce = memo(StatCards);
const QuickActionsOnce = memo(QuickActions);
const TodayFollowUpsOnce = memo(TodayFollowUpsCard);
const AlertsOnce = memo(AlertsCard);
const RecentActivityOnce = memo(RecentActivityCard);
const BirthdaysOnce = memo(BirthdaysCard);
const RecentClientsOnce = memo(RecentClientsCard);
const ContactListOnce = memo(ContactListCard);

function DashboardBody({ client }: { client: SyncClient }) {
  const { canCreate, canEdit } = usePermissions();
  const now = useNow();
  const settled = useReplicaSettled(client);
  const live = useDashboardData(client.db, now);
  const current: DashboardData = useMemo(
    () => (settled ? live : { ...live, ...NOT_SYNCED }),
    [settled, live],
  );
  // The cards take each arrival in a transition: React renders them in ~5 ms slices, together with the
  // arrivals that come meanwhile, instead of one task per arrival (issue 19; docs/decisions.md).
  const data = useDeferredValue(current);
  const birthdayNames = useMemo(() => data.birthdays?.map((c) => c.name), [data.birthdays]);

  return (
    <>
      {!settled && (
        <FirstSyncNotice>
          Os dados da sua conta estão a chegar a este dispositivo. Os números aparecem quando a primeira
          sincronização terminar.
        </FirstSyncNotice>
      )}
      <StatCardsOnce
        clients={data.clients}
        followUps={data.followUps}
        calls={data.calls}
        properties={data.properties}
      />
      <QuickActionsOnce canCreate={canCreate} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <TodayFollowUpsOnce
          followUps={data.followUps?.today}
          clientName={data.clientName}
          canEdit={canEdit}
          mutate={client.mutate}
          now={now}
        />
        <AlertsOnce
          overdue={data.followUps?.overdue}
          birthdayNames={birthdayNames}
          longWithoutContact={data.contactList?.longWithoutContact}
        />
        <RecentActivityOnce items={data.activity} clientName={data.clientName} />
        <BirthdaysOnce birthdays={data.birthdays} now={now} />
        <RecentClientsOnce clients={data.clients?.newest} now={now} />
        <ContactListOnce overview={data.contactList} olderContacts={data.olderContacts} now={now} />
      </Box>
    </>
  );
}
