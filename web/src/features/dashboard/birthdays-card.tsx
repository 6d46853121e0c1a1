import { List, ListItem, ListItemText, Link, Skeleton, Typography } from '@mui/material';
import CakeRoundedIcon from '@mui/icons-material/CakeRounded';
import type { Client } from '@casa/shared-schema';
import { RouterLink } from '../../ui/router-link';
import { DashboardCard, EmptyText } from './dashboard-card';
import { ageTurningToday, birthdayNamesText } from './dashboard.figures';

const SHOWN = 5;

/** Today's Lisbon birthdays: the first 2 names plus 'e mais N', then the first few with a call link. */
export function BirthdaysCard({ birthdays, now }: { birthdays: Client[] | undefined; now: Date }) {
  return (
    <DashboardCard
      title="Aniversários de Hoje"
      icon={<CakeRoundedIcon />}
      tone="secondary"
      testId="birthdays"
    >
      {!birthdays ? (
        <Skeleton variant="rounded" height={96} />
      ) : birthdays.length === 0 ? (
        <EmptyText>Nenhum aniversário hoje</EmptyText>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="birthday-summary">
            {birthdayNamesText(birthdays.map((c) => c.name))}
          </Typography>
          <List disablePadding dense>
            {birthdays.slice(0, SHOWN).map((c) => {
              const age = ageTurningToday(c.birthday, now);
              return (
                <ListItem
                  key={c.id}
                  disableGutters
                  secondaryAction={
                    c.phone ? (
                      <Link href={`tel:${c.phone}`} variant="body2">
                        {c.phone}
                      </Link>
                    ) : undefined
                  }
                  sx={{ pr: c.phone ? 14 : 0 }}
                >
                  <ListItemText
                    primary={
                      <RouterLink to="/clients" search={{ view: c.id }} underline="hover" color="inherit">
                        {c.name}
                      </RouterLink>
                    }
                    secondary={age ? `Faz ${age} anos` : undefined}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        </>
      )}
    </DashboardCard>
  );
}
