import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { useLiveQuery } from '../../data/live-query';
import type { CurrentUser, Interaction } from '@casa/shared-schema';
import { DIRECTION_LABELS, errorMessages, formatDateTime } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { usePermissions } from '../auth/permissions.queries';
import { clientInteractions } from './clients.queries';
import { InteractionFormDialog } from './interaction-form-dialog';

function InteractionItem({ item, divider }: { item: Interaction; divider: boolean }) {
  const details = [
    DIRECTION_LABELS[item.direction] ?? item.direction,
    item.duration != null ? `${item.duration} min` : null,
  ].filter(Boolean);
  return (
    <ListItem
      disableGutters
      divider={divider}
      sx={{ display: 'block', py: 1.5 }}
      data-testid="interaction-item"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" color="primary" variant="outlined" label={item.type} />
        {item.result && <Chip size="small" label={item.result} />}
        <Typography variant="body2" color="textSecondary">
          {details.join(' · ')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="caption" color="textSecondary">
          {formatDateTime(item.createdAt)}
        </Typography>
      </Stack>
      {item.summary && (
        <Typography sx={{ mt: 0.75, fontWeight: 500, wordBreak: 'break-word' }}>{item.summary}</Typography>
      )}
      {item.notes && (
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {item.notes}
        </Typography>
      )}
      {item.followUpRequired && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Follow-up necessário{item.followUpDate ? `: ${formatDateTime(item.followUpDate)}` : ''}
        </Typography>
      )}
    </ListItem>
  );
}

/** 'Histórico de Interações' (docs/product.md#clients): newest first, 'Nova Interação' for those who may create. */
export function InteractionHistory({ clientId, user }: { clientId: string; user: CurrentUser | null }) {
  const sync = useSyncClient();
  const db = sync?.db;
  const can = usePermissions();
  const items = useLiveQuery(() => (db ? clientInteractions(db, clientId) : undefined), [db, clientId]);
  const [formOpen, setFormOpen] = useState(false);

  return (
    <Box component="section" aria-labelledby={`history-${clientId}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography
          id={`history-${clientId}`}
          variant="h6"
          component="h3"
          sx={{ flexGrow: 1, fontWeight: 600 }}
        >
          Histórico de Interações
        </Typography>
        {can.canCreate && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setFormOpen(true)}
          >
            Nova Interação
          </Button>
        )}
      </Stack>
      {items === undefined ? (
        <Skeleton variant="rounded" height={64} />
      ) : items.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2 }}>
          {errorMessages.noInteractionsYet}
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((item, i) => (
            <InteractionItem key={item.id} item={item} divider={i < items.length - 1} />
          ))}
        </List>
      )}
      {can.canCreate && (
        <InteractionFormDialog
          clientId={clientId}
          user={user}
          open={formOpen}
          onClose={() => setFormOpen(false)}
        />
      )}
    </Box>
  );
}
