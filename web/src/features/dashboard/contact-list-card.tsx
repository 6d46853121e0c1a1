import { useState } from 'react';
import {
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ContactPhoneRoundedIcon from '@mui/icons-material/ContactPhoneRounded';
import CircleIcon from '@mui/icons-material/Circle';
import type { Client } from '@casa/shared-schema';
import { contactAgeColor } from '@casa/shared-schema/values';
import { RouterLink } from '../../ui/router-link';
import { DashboardCard, EmptyText } from './dashboard-card';
import { contactAgeText, daysSinceContact, type ContactOverview } from './dashboard.figures';

const CHIP_COLOR = { green: 'success', yellow: 'warning', red: 'error' } as const;
const NUMBER = new Intl.NumberFormat('pt-PT');

/** A coloured dot and border with dark text: the colour rule stays visible and the text keeps its contrast. */
function AgeChip({
  color,
  label,
  testId,
}: {
  color: 'green' | 'yellow' | 'red';
  label: string;
  testId?: string;
}) {
  return (
    <Chip
      label={label}
      color={CHIP_COLOR[color]}
      variant="outlined"
      size="small"
      icon={<CircleIcon />}
      data-testid={testId}
      sx={{ '& .MuiChip-label': { color: 'text.primary' }, '& .MuiChip-icon': { fontSize: 12 } }}
    />
  );
}

type View = 'toContact' | 'recent';

function ContactRow({ client, lastContact, now }: { client: Client; lastContact: string | null; now: Date }) {
  const days = daysSinceContact(lastContact, now);
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        <AgeChip label={contactAgeText(days)} color={contactAgeColor(days)} testId="contact-age" />
      }
      sx={{ pr: 14 }}
    >
      <ListItemText
        primary={
          <RouterLink to="/clients" search={{ view: client.id }} underline="hover" color="inherit">
            {client.name}
          </RouterLink>
        }
        secondary={client.phone || client.type}
        slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/**
 * Days since each client's last contact with the colour rule (0 green, up to 7 yellow, else red):
 * counts per colour, the best-rated clients to contact and the latest contacted.
 */
export function ContactListCard({
  overview,
  olderContacts,
  now,
}: {
  overview: ContactOverview | undefined;
  olderContacts: ReadonlyMap<string, string> | undefined;
  now: Date;
}) {
  const [view, setView] = useState<View>('toContact');
  return (
    <DashboardCard
      title="Contacto com Clientes"
      icon={<ContactPhoneRoundedIcon />}
      tone="success"
      testId="contacts"
    >
      {!overview ? (
        <Skeleton variant="rounded" height={96} />
      ) : overview.today + overview.week + overview.older === 0 ? (
        <EmptyText>Ainda não há clientes cadastrados</EmptyText>
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <AgeChip color="green" label={`Hoje: ${NUMBER.format(overview.today)}`} />
            <AgeChip color="yellow" label={`Até 7 dias: ${NUMBER.format(overview.week)}`} />
            <AgeChip color="red" label={`Mais de 7 dias ou sem contacto: ${NUMBER.format(overview.older)}`} />
          </Stack>
          <ToggleButtonGroup
            value={view}
            exclusive
            size="small"
            fullWidth
            onChange={(_, next: View | null) => next && setView(next)}
            aria-label="Lista de contactos"
          >
            <ToggleButton value="toContact">A contactar</ToggleButton>
            <ToggleButton value="recent">Contactados recentemente</ToggleButton>
          </ToggleButtonGroup>
          {view === 'toContact' ? (
            overview.toContact.length === 0 ? (
              <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
                Todos os clientes foram contactados na última semana
              </Typography>
            ) : (
              <List disablePadding dense>
                {overview.toContact.map((c) => (
                  <ContactRow
                    key={c.id}
                    client={c}
                    lastContact={olderContacts?.get(c.id) ?? null}
                    now={now}
                  />
                ))}
              </List>
            )
          ) : overview.recentlyContacted.length === 0 ? (
            <EmptyText>Nenhuma atividade recente</EmptyText>
          ) : (
            <List disablePadding dense>
              {overview.recentlyContacted.map((r) => (
                <ContactRow key={r.client.id} client={r.client} lastContact={r.lastContact} now={now} />
              ))}
            </List>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
