import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import StorageRoundedIcon from '@mui/icons-material/StorageRounded';
import { formatCount, formatDate, storageMb } from '@casa/shared-schema';
import {
  clientLimit,
  limitText,
  ofLimitText,
  organizationStatusLabel,
  planLabel,
  userLimit,
} from './org-admin.logic';
import { orgAdminTexts as t } from './org-admin.texts';
import type { OrgAdminData } from './use-org-admin-data';

function StatCard({
  label,
  value,
  hint,
  icon,
  testId,
}: {
  label: string;
  value: string;
  hint: string | null;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`${testId}-value`}>
              {value}
            </Typography>
            {hint && (
              <Typography variant="caption" color="textSecondary">
                {hint}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The organization's header (data and limits) and its four figures from GET /api/organization/stats. */
export function OrganizationHeader({ data }: { data: OrgAdminData }) {
  const org = data.organization;
  const o = t.organization;
  return (
    <Card data-testid="organization-header">
      <CardContent>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {org.name}
          </Typography>
          <Chip
            size="small"
            label={organizationStatusLabel(org.status)}
            color={org.status === 'active' ? 'success' : org.status === 'suspended' ? 'error' : 'default'}
          />
        </Stack>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          }}
        >
          <Fact label={o.email}>{org.email ?? o.none}</Fact>
          <Fact label={o.plan}>{planLabel(org.plan, org.packageDisplayName)}</Fact>
          <Fact label={o.status}>{organizationStatusLabel(org.status)}</Fact>
          <Fact label={o.createdAt}>{formatDate(org.createdAt) || o.none}</Fact>
          <Fact label={o.maxUsers}>{limitText(userLimit(org.maxUsers))}</Fact>
          <Fact label={o.maxClients}>{limitText(clientLimit(org.maxClients))}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

export function StatCards({ data }: { data: OrgAdminData }) {
  const { stats, organization: org } = data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
      }}
    >
      <StatCard
        testId="stat-users"
        label={t.stats.users}
        value={formatCount(stats.userCount)}
        hint={ofLimitText(userLimit(org.maxUsers))}
        icon={<GroupRoundedIcon />}
      />
      <StatCard
        testId="stat-clients"
        label={t.stats.clients}
        value={formatCount(stats.clientCount)}
        hint={ofLimitText(clientLimit(org.maxClients))}
        icon={<PeopleAltRoundedIcon />}
      />
      <StatCard
        testId="stat-active-users"
        label={t.stats.activeUsers}
        value={formatCount(stats.activeUsers)}
        hint={t.stats.activeUsersHint}
        icon={<HowToRegRoundedIcon />}
      />
      <StatCard
        testId="stat-storage"
        label={t.stats.storage}
        value={`${storageMb(stats.storageUsed)} MB`}
        hint={null}
        icon={<StorageRoundedIcon />}
      />
    </Box>
  );
}
