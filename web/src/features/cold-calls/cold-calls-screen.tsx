import { useState, type ReactNode } from 'react';
import { useLiveQuery } from '../../data/live-query';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import CallRoundedIcon from '@mui/icons-material/CallRounded';
import TodayRoundedIcon from '@mui/icons-material/TodayRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import ContactPhoneRoundedIcon from '@mui/icons-material/ContactPhoneRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { useClientMatches } from '../../data/client-search/use-client-search';
import { usePermissions } from '../auth/permissions.queries';
import { campaignSummaries, coldCallStats } from './cold-calls.queries';
import { formatPercent } from './cold-calls.logic';
import { CampaignCard } from './campaign-card';
import { CampaignDetailDialog } from './campaign-detail-dialog';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { ListGeneratorDialog } from './list-generator-dialog';
import MarathonDialog from './marathon-dialog';

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card variant="outlined" role="group" aria-label={label}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {value ?? <Skeleton width={48} />}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

type Marathon = { campaignId: string | null } | null;

const WITH_PHONE = { hasPhone: true } as const;

/** /coldcalls (docs/product.md#cold-calls): stats, clients with a phone, campaigns, list generator and marathon. */
export default function ColdCallsScreen(_props: { user: CurrentUser }) {
  const sync = useSyncClient();
  const db = sync?.db;
  const { canCreate, canDelete } = usePermissions();
  // Counted by the search worker (issue 19): the count only, no ids.
  const phones = useClientMatches(db, WITH_PHONE, 0, 0).matches;
  const stats = useLiveQuery(() => (db ? coldCallStats(db) : undefined), [db]);
  const campaigns = useLiveQuery(() => (db ? campaignSummaries(db) : undefined), [db]);
  const withPhone = phones?.complete ? (phones.count ?? undefined) : undefined;
  const [generating, setGenerating] = useState(false);
  const [openCampaign, setOpenCampaign] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [marathon, setMarathon] = useState<Marathon>(null);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, flexGrow: 1, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          Cold Calls
        </Typography>
        {canCreate && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<PlaylistAddRoundedIcon />}
              onClick={() => setGenerating(true)}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              Gerar Lista
            </Button>
            <Button
              variant="contained"
              startIcon={<BoltRoundedIcon />}
              onClick={() => setMarathon({ campaignId: null })}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              Modo Maratona
            </Button>
          </Stack>
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        }}
        data-testid="cold-call-stats"
      >
        <StatCard label="Total de chamadas" value={stats?.totalCalls} icon={<CallRoundedIcon />} />
        <StatCard label="Chamadas hoje" value={stats?.callsToday} icon={<TodayRoundedIcon />} />
        <StatCard
          label="Taxa de conversão"
          value={stats ? formatPercent(stats.conversionRate) : undefined}
          icon={<TrendingUpRoundedIcon />}
        />
        <StatCard label="Campanhas ativas" value={stats?.activeCampaigns} icon={<CampaignRoundedIcon />} />
        <StatCard label="Clientes com telefone" value={withPhone} icon={<ContactPhoneRoundedIcon />} />
      </Box>

      <Stack spacing={2}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Campanhas
        </Typography>
        {!campaigns ? (
          <Skeleton variant="rounded" height={160} />
        ) : campaigns.length === 0 ? (
          <Card variant="outlined">
            <CardContent sx={{ textAlign: 'center', py: 4 }}>
              <Typography sx={{ fontWeight: 600 }}>Ainda não há campanhas</Typography>
              <Typography color="textSecondary">
                {canCreate
                  ? 'Use «Gerar Lista» para criar a primeira campanha de cold calls.'
                  : 'As campanhas de cold calls aparecerão aqui.'}
              </Typography>
            </CardContent>
          </Card>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
            }}
          >
            {campaigns.map((c) => (
              <CampaignCard
                key={c.id}
                campaign={c}
                canDelete={canDelete}
                onOpen={() => setOpenCampaign(c.id)}
                onDelete={() => setDeleting({ id: c.id, name: c.name })}
              />
            ))}
          </Box>
        )}
      </Stack>

      <CampaignDetailDialog
        campaignId={openCampaign}
        onClose={() => setOpenCampaign(null)}
        onMarathon={(campaignId) => setMarathon({ campaignId })}
      />
      <ListGeneratorDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onCreated={(id) => setOpenCampaign(id)}
      />
      <DeleteCampaignDialog campaign={deleting} onClose={() => setDeleting(null)} />
      <MarathonDialog
        open={marathon !== null}
        campaignId={marathon?.campaignId ?? null}
        onClose={() => setMarathon(null)}
      />
    </Stack>
  );
}
