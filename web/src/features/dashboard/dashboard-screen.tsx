import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import DirectionsRunRoundedIcon from '@mui/icons-material/DirectionsRunRounded';
import { roleLabel, type CurrentUser } from '@casa/shared-schema';
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
import { useDashboardData, useNow } from './use-dashboard-data';

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
              <Typography variant="body2" color="text.secondary">
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

function DashboardBody({ client }: { client: SyncClient }) {
  const { canCreate, canEdit } = usePermissions();
  const now = useNow();
  const settled = useReplicaSettled(client);
  const live = useDashboardData(client.db, now);
  const data = settled ? live : { ...live, ...NOT_SYNCED };

  return (
    <>
      {!settled && (
        <FirstSyncNotice>
          Os dados da sua conta estão a chegar a este dispositivo. Os números aparecem quando a primeira
          sincronização terminar.
        </FirstSyncNotice>
      )}
      <StatCards
        clients={data.clients}
        followUps={data.followUps}
        calls={data.calls}
        properties={data.properties}
      />
      <QuickActions canCreate={canCreate} />
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
        <TodayFollowUpsCard
          followUps={data.followUps?.today}
          clientName={data.clientName}
          canEdit={canEdit}
          mutate={client.mutate}
          now={now}
        />
        <AlertsCard
          overdue={data.followUps?.overdue}
          birthdayNames={data.birthdays?.map((c) => c.name)}
          longWithoutContact={data.contactList?.longWithoutContact}
        />
        <RecentActivityCard items={data.activity} clientName={data.clientName} now={now} />
        <BirthdaysCard birthdays={data.birthdays} now={now} />
        <RecentClientsCard clients={data.clients?.newest} now={now} />
        <ContactListCard overview={data.contactList} olderContacts={data.olderContacts} now={now} />
      </Box>
    </>
  );
}
