import {
  Box,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { Organization } from '@casa/shared-schema';
import {
  formatCurrency,
  formatDate,
  ORGANIZATION_STATUS_LABELS,
  ROLE_LABELS,
  ROLES,
} from '@casa/shared-schema/values';
import { organizationGrowth, revenueEstimate, totalClients } from './saas-overview';
import type { SaasData } from './use-saas-data';

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="textSecondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

const number = new Intl.NumberFormat('pt-PT');

/** Visão Geral: four figures, the 5 most recent organizations (click = edit) and users per role. */
export function OverviewTab({
  data,
  onOpenOrganization,
}: {
  data: SaasData;
  onOpenOrganization: (organization: Organization) => void;
}) {
  const stats = data.stats!;
  const growth = organizationGrowth(data.organizations);
  const recent = stats.recentOrganizations.slice(0, 5);
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard
          label="Organizações"
          value={number.format(stats.totalOrganizations)}
          hint={`${number.format(stats.activeOrganizations)} ativas`}
        />
        <StatCard label="Utilizadores" value={number.format(stats.totalUsers)} />
        <StatCard label="Clientes" value={number.format(totalClients(data.organizations))} />
        <StatCard
          label="Receita Mensal Estimada"
          value={formatCurrency(revenueEstimate(data.organizations, data.packages))}
          hint={`Crescimento: ${growth} face ao mês anterior`}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              Organizações Recentes
            </Typography>
            {recent.length === 0 ? (
              <Typography color="textSecondary">Ainda não existem organizações.</Typography>
            ) : (
              <List dense>
                {recent.map((o) => (
                  <ListItem key={o.id} disablePadding>
                    <ListItemButton onClick={() => onOpenOrganization(o)} sx={{ borderRadius: 1 }}>
                      <ListItemText
                        primary={o.name}
                        secondary={`${o.email ?? '—'} · criada em ${formatDate(o.createdAt)}`}
                      />
                      <Chip
                        size="small"
                        label={ORGANIZATION_STATUS_LABELS[o.status]}
                        color={o.status === 'active' ? 'success' : 'default'}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              Utilizadores por Função
            </Typography>
            <Stack spacing={1} sx={{ mt: 1 }}>
              {ROLES.map((role) => (
                <Stack key={role} direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography>{ROLE_LABELS[role]}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>
                    {number.format(stats.usersByRole[role] ?? 0)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}
