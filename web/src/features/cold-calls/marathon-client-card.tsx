import { useLiveQuery } from '../../data/live-query';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Client } from '@casa/shared-schema';
import { contactAgeColor, daysSinceLisbon } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { lastContactMap } from './cold-calls.queries';
import { ContactLinks } from './contact-links';

const AGE_COLORS = { green: 'success', yellow: 'warning', red: 'error' } as const;

export function daysSinceText(days: number | null): string {
  if (days === null) return 'Nunca contactado';
  if (days <= 0) return 'Contactado hoje';
  return days === 1 ? '1 dia desde o último contacto' : `${days} dias desde o último contacto`;
}

/** The client being called: name, phone, type, days since last contact (0 green, ≤7 yellow, else red). */
export function MarathonClientCard({ client }: { client: Client }) {
  const db = useSyncClient()?.db;
  const last = useLiveQuery(
    async () => (db ? ((await lastContactMap(db, [client.id])).get(client.id) ?? null) : undefined),
    [db, client.id],
  );
  const days = last ? daysSinceLisbon(last) : null;
  return (
    <Card variant="outlined" data-testid="marathon-client">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {client.name}
            </Typography>
            <Chip size="small" variant="outlined" label={client.type} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontSize: '1.25rem' }}>{client.phone}</Typography>
            <ContactLinks phone={client.phone} name={client.name} />
          </Stack>
          {last !== undefined && (
            <Chip
              sx={{ alignSelf: 'flex-start' }}
              color={AGE_COLORS[contactAgeColor(days)]}
              label={daysSinceText(days)}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
