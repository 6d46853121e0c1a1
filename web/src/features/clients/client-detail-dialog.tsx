import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { useLiveQuery } from '../../data/live-query';
import type { Client, CurrentUser } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { RouterButton } from '../../ui/router-link';
import { usePermissions } from '../auth/permissions.queries';
import { CLIENT_DETAIL_FIELDS, customFieldRows, fieldValueText } from './client-detail.logic';
import { ClientTypeChip, StarRating, TagChip, useFullScreenDialog } from './client-visuals';
import { agentNames, clientDetail } from './clients.queries';
import { InteractionHistory } from './interaction-history';
import { MatchingPropertiesSection } from '../properties/matching-properties-section';
import { ClientVisits } from '../visits/client-visits';
import { useReplicaSettled } from '../../data/sync-state';
import { OwnerPropertiesSection } from '../properties/owner-properties-section';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/**
 * /clients?view={id} (docs/product.md#clients). Right after login the replica may still be filling: an absent client
 * is "not found" only once a sync has finished (or none can run).
 */
export function ClientDetailDialog({
  clientId,
  user,
  onClose,
  onDelete,
}: {
  clientId: string;
  user: CurrentUser | null;
  onClose: () => void;
  onDelete: (client: Client) => void;
}) {
  const sync = useSyncClient();
  const db = sync?.db;
  const synced = useReplicaSettled(sync);
  const can = usePermissions();
  const fullScreen = useFullScreenDialog();
  const detail = useLiveQuery(() => (db ? clientDetail(db, clientId) : undefined), [db, clientId]);
  const agents = useLiveQuery(() => (db && can.isAdmin ? agentNames(db) : null), [db, can.isAdmin]);
  const client = detail?.client ?? null;
  const notFound = detail !== undefined && client === null && synced;

  let body: React.ReactNode;
  if (client) {
    const rows = customFieldRows(client.type, client.customFields as Record<string, unknown>);
    const agent = can.isAdmin && client.agentId ? agents?.get(client.agentId) : undefined;
    const plain = (field: (typeof CLIENT_DETAIL_FIELDS.grid)[number]) => {
      if (field.kind === 'rating') return <StarRating value={Number(client[field.key] ?? 0)} />;
      return fieldValueText(field.kind, client[field.key]);
    };
    body = (
      <Stack spacing={2.5}>
        <Box sx={grid}>
          {CLIENT_DETAIL_FIELDS.grid.map((field) =>
            field.kind === 'user' ? (
              agent && (
                <Field key={field.key} label={field.label}>
                  {agent}
                </Field>
              )
            ) : (
              <Field key={field.key} label={field.label}>
                {plain(field)}
              </Field>
            ),
          )}
        </Box>
        {CLIENT_DETAIL_FIELDS.block.map((field) =>
          client[field.key] ? (
            <Field key={field.key} label={field.label}>
              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                {fieldValueText(field.kind, client[field.key])}
              </Box>
            </Field>
          ) : null,
        )}
        {rows.length > 0 && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Detalhes do {client.type}
            </Typography>
            <Box sx={grid} data-testid="client-custom-fields">
              {rows.map((row) => (
                <Field key={row.key} label={row.label}>
                  {row.value}
                </Field>
              ))}
            </Box>
          </Box>
        )}
        {CLIENT_DETAIL_FIELDS.tags.map((field) => (
          <Box key={field.key}>
            <Typography variant="caption" color="textSecondary" component="div">
              {field.label}
            </Typography>
            {client.tagDetails.length > 0 ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {client.tagDetails.map((t) => (
                  <TagChip key={t.id} name={t.name} tagColor={t.color} truncate={false} />
                ))}
              </Stack>
            ) : (
              <Typography>—</Typography>
            )}
          </Box>
        ))}
        <Box sx={grid}>
          {CLIENT_DETAIL_FIELDS.stamps.map((field) => (
            <Field key={field.key} label={field.label}>
              {fieldValueText(field.kind, client[field.key])}
            </Field>
          ))}
        </Box>
        <OwnerPropertiesSection client={client} />
        <MatchingPropertiesSection client={client} />
        <Divider />
        <InteractionHistory clientId={client.id} user={user} />
        <ClientVisits clientId={client.id} />
      </Stack>
    );
  } else if (notFound) {
    body = (
      <Stack
        spacing={1}
        sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
        data-testid="client-not-found"
      >
        <SearchOffRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {errorMessages.clientNotFound}
        </Typography>
        <Typography color="textSecondary">{errorMessages.clientLoadFailed}</Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="A carregar cliente" />
      </Stack>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="client-detail-title"
    >
      <DialogTitle id="client-detail-title" component="div">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {client?.name ?? 'Detalhes do Cliente'}
          </Typography>
          {client && <ClientTypeChip type={client.type} />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {client && can.canDelete && (
          <Button color="error" onClick={() => onDelete(client)}>
            Remover
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Fechar</Button>
        {client && can.canEdit && (
          <RouterButton
            to="/clients"
            search={{ edit: client.id }}
            variant="contained"
            startIcon={<EditRoundedIcon />}
          >
            Editar
          </RouterButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
