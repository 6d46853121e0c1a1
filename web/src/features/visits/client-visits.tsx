import { Box, List, Skeleton, Typography } from '@mui/material';
import { useSyncClient } from '../../data/sync-provider';
import { PropertyLink } from './property-link';
import { VisitListItem } from './visit-list-item';
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
            <VisitListItem
              key={visit.id}
              visit={visit}
              divider={i < items.length - 1}
              testId="client-visit"
              heading={
                property ? (
                  <PropertyLink id={property.id}>{property.reference}</PropertyLink>
                ) : (
                  <Typography color="textSecondary">Imóvel removido</Typography>
                )
              }
              detail={
                property?.title && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {property.title}
                  </Typography>
                )
              }
            />
          ))}
        </List>
      )}
    </Box>
  );
}
