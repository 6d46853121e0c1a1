import { Chip, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import type { Client } from '@casa/shared-schema';
import { formatDaysAgo } from '@casa/shared-schema/values';
import { RouterButton, RouterLink } from '../../ui/router-link';
import { DashboardCard, EmptyText } from './dashboard-card';

/** The 5 newest clients with their age (Hoje, Ontem, Há N dias…, docs/product.md#dashboard). */
export function RecentClientsCard({ clients, now }: { clients: Client[] | undefined; now: Date }) {
  return (
    <DashboardCard
      title="Clientes Recentes"
      icon={<PersonAddAlt1RoundedIcon />}
      tone="primary"
      testId="recent-clients"
      action={
        <RouterButton to="/clients" size="small">
          Ver todos
        </RouterButton>
      }
    >
      {!clients ? (
        <Skeleton variant="rounded" height={96} />
      ) : clients.length === 0 ? (
        <EmptyText>Ainda não há clientes cadastrados</EmptyText>
      ) : (
        <List disablePadding dense>
          {clients.map((c) => (
            <ListItem
              key={c.id}
              disableGutters
              divider
              secondaryAction={
                <Typography variant="caption" color="textSecondary">
                  {formatDaysAgo(c.createdAt, now)}
                </Typography>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={
                  <RouterLink to="/clients" search={{ view: c.id }} underline="hover" color="inherit">
                    {c.name}
                  </RouterLink>
                }
                secondary={
                  <Chip component="span" label={c.type} size="small" variant="outlined" sx={{ mt: 0.5 }} />
                }
                slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
