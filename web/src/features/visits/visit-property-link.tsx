import { Stack, Typography } from '@mui/material';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import { useSyncClient } from '../../data/sync-provider';
import { PropertyLink } from './property-link';
import { useVisitProperty } from './visits.queries';

/** The property a follow-up names (a Visita's), as its reference linking to the property page. */
export function VisitPropertyLink({ propertyId }: { propertyId: string }) {
  const sync = useSyncClient();
  const property = useVisitProperty(sync?.db, propertyId);
  if (property === undefined) return null;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <HomeWorkRoundedIcon fontSize="small" aria-hidden />
      {property ? (
        <Typography variant="body2" noWrap>
          <PropertyLink id={property.id}>{property.reference}</PropertyLink>
          {property.title ? ` · ${property.title}` : ''}
        </Typography>
      ) : (
        <Typography variant="body2">Imóvel removido</Typography>
      )}
    </Stack>
  );
}
