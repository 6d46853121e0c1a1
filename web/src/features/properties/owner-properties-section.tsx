import { useState } from 'react';
import { Box, Button, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { useRouter } from '@tanstack/react-router';
import { useLiveQuery } from '../../data/live-query';
import type { Client } from '@casa/shared-schema';
import { provisionalReferenceIds, shownReference } from '../../data/properties';
import { useOwnerProperties } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { usePermissions } from '../auth/permissions.queries';
import { propertyPath } from './properties-list.logic';
import { propertyPriceText, propertyFacts } from './property-format';
import { PropertyFormDialog } from './property-form-dialog';
import { PropertyStatusChip } from './property-visuals';

/**
 * A seller's properties in the client's detail (issue 20): each one opens its page, and 'Novo imóvel'
 * creates one already owned by this client. Nothing for the other client types.
 */
export function OwnerPropertiesSection({ client }: { client: Pick<Client, 'id' | 'type'> }) {
  const db = useSyncClient()?.db;
  const can = usePermissions();
  const router = useRouter();
  const properties = useOwnerProperties(db, client.id);
  const provisional = useLiveQuery(() => (db ? provisionalReferenceIds(db) : new Set<string>()), [db]);
  const [creating, setCreating] = useState(false);
  if (client.type !== 'Vendedor') return null;

  return (
    <Box component="section" aria-labelledby="owner-properties-title" data-testid="owner-properties">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="owner-properties-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Imóveis do proprietário
        </Typography>
        {can.canCreate && (
          <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            Novo imóvel
          </Button>
        )}
      </Stack>
      {properties && properties.length === 0 && (
        <Typography color="textSecondary">Este vendedor ainda não tem imóveis registados.</Typography>
      )}
      {properties && properties.length > 0 && (
        <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {properties.map((p) => {
            const path = propertyPath(p.id);
            return (
              <ListItemButton
                key={p.id}
                component="a"
                href={path}
                divider
                onClick={(e: React.MouseEvent) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  router.history.push(path);
                }}
                sx={{ gap: 1.5, alignItems: 'flex-start' }}
              >
                <ListItemText
                  primary={p.title}
                  secondary={`${shownReference(p, provisional ?? new Set())} · ${propertyPriceText(p.priceCents, p.business)} · ${propertyFacts(p)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Box sx={{ flexShrink: 0, pt: 0.5 }}>
                  <PropertyStatusChip status={p.status} />
                </Box>
              </ListItemButton>
            );
          })}
        </List>
      )}
      <PropertyFormDialog open={creating} onClose={() => setCreating(false)} ownerClientId={client.id} />
    </Box>
  );
}
