import { Box, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { PropertyLink } from './property-link';
import { VisitFeedbackSummary } from './visit-feedback-summary';
import { useClientVisits } from './visits.queries';

/** The buyer's visit history: each property visited (reference, title), when, and the feedback. */
export function ClientVisits({ clientId }: { clientId: string }): React.JSX.Element {
  const sync = useSyncClient();
  const items = useClientVisits(sync?.db, clientId);
  // A client without visits (a seller, most buyers) gets no empty section.
  if (items !== undefined && items.length === 0) return <></>;
  return (
    <Box component="section" aria-labelledby="client-visits-title" data-testid="client-visits">
      <Typography id="client-visits-title" variant="h6" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Visitas a imóveis
      </Typography>
      {items === undefined ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <List disablePadding>
          {items.map(({ visit, property }, i) => (
            <ListItem
              key={visit.id}
              disableGutters
              divider={i < items.length - 1}
              sx={{ display: 'block', py: 1.25 }}
              data-testid="client-visit"
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                {property ? (
                  <PropertyLink id={property.id}>{property.reference}</PropertyLink>
                ) : (
                  <Typography color="text.secondary">Imóvel removido</Typography>
                )}
                {visit.completed ? (
                  <Chip size="small" color="success" label="Realizada" />
                ) : (
                  <Chip size="small" variant="outlined" label="Agendada" />
                )}
                <Box sx={{ flexGrow: 1 }} />
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(visit.scheduledDate)}
                </Typography>
              </Stack>
              {property?.title && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {property.title}
                </Typography>
              )}
              <Box sx={{ mt: 0.5 }}>
                <VisitFeedbackSummary visit={visit} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
