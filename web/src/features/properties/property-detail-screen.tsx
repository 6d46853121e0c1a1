import { useState } from 'react';
import { useLiveQuery } from '../../data/live-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import type { CurrentUser, Property } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { provisionalReferenceIds, shownReference } from '../../data/properties';
import { useClient, useProperty } from '../../data/read-hooks';
import { useReplicaSettled } from '../../data/sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { usePermissions } from '../auth/permissions.queries';
import { agentNames } from '../clients/clients.queries';
import { ShareSheetButton } from '../property-sheets/share-sheet-button';
import { PropertyVisits } from '../visits/property-visits';
import { ScheduleVisitDialog } from '../visits/schedule-visit-dialog';
import { MatchingBuyersSection } from './matching-buyers-section';
import { DetailSection, PropertyFacts } from './property-detail-facts';
import { PropertyDeleteDialog } from './property-detail-delete-dialog';
import { pricePerSquareMetreText, priceText, propertyKindText } from './property-detail.logic';
import { PropertyFormDialog } from './property-form-dialog';
import { PropertyGallery } from './property-gallery';

/**
 * /imoveis/{id} (docs/product.md#property-detail), phone first: the gallery, the facts, the buyers that match
 * and the visits, all from the replica (offline too). An id the replica does not hold once it has synced
 * is 'Imóvel não encontrado'. Viewers see no write buttons (permissionsOf).
 */
export default function PropertyDetailScreen({ id }: { user: CurrentUser; id: string }) {
  const sync = useSyncClient();
  const settled = useReplicaSettled(sync);
  const property = useProperty(sync?.db, id);

  if (property) return <PropertyDetail key={property.id} property={property} />;
  if (property === null && settled) return <NotFound />;
  return (
    <Stack sx={{ alignItems: 'center', py: 6 }} aria-busy="true">
      <CircularProgress aria-label="A carregar imóvel" />
    </Stack>
  );
}

/** Back where the agent came from (the list, a client, a search); the list when the page was opened directly. */
function useBack() {
  const router = useRouter();
  const navigate = useNavigate();
  return () => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/imoveis' }));
}

function PropertyDetail({ property: p }: { property: Property }) {
  const sync = useSyncClient();
  const db = sync?.db;
  const can = usePermissions();
  const back = useBack();
  const ownerRow = useClient(db, p.ownerClientId);
  const provisional = useLiveQuery(() => (db ? provisionalReferenceIds(db) : undefined), [db]);
  const agents = useLiveQuery(() => (db ? agentNames(db) : undefined), [db]);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [visitFor, setVisitFor] = useState<{ clientId?: string } | null>(null);

  const reference = shownReference(p, provisional ?? new Set());
  const owner = p.ownerClientId ? (ownerRow ?? null) : null;
  const price = priceText(p);
  const perMetre = pricePerSquareMetreText(p);
  const place = [p.freguesia, p.concelho].filter(Boolean).join(', ');

  return (
    <Stack spacing={{ xs: 2, sm: 3 }} sx={{ pb: 4 }} data-testid="property-detail">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: { xs: -1, sm: 0 } }}>
        <Tooltip title="Voltar">
          <IconButton onClick={back} aria-label="Voltar" edge="start">
            <ArrowBackRoundedIcon />
          </IconButton>
        </Tooltip>
        <Chip
          label={reference}
          size="small"
          variant="outlined"
          data-testid="property-reference"
          sx={{ fontFamily: 'monospace', fontWeight: 600 }}
        />
        <Chip label={p.status} size="small" color={p.status === 'Disponível' ? 'success' : 'default'} />
        <Box sx={{ flexGrow: 1 }} />
        {can.canEdit && (
          <Tooltip title="Editar">
            <IconButton
              aria-label="Editar imóvel"
              onClick={() => setEditing(true)}
              color="primary"
              sx={{ display: { md: 'none' } }}
            >
              <EditRoundedIcon />
            </IconButton>
          </Tooltip>
        )}
        {can.canDelete && (
          <Tooltip title="Remover">
            <IconButton
              aria-label="Remover imóvel"
              onClick={() => setDeleting(true)}
              color="error"
              edge="end"
            >
              <DeleteOutlineRoundedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ mx: { xs: -2, sm: 0 } }}>
          <PropertyGallery propertyId={p.id} title={p.title} canAdd={can.canEdit} />
        </Box>
        <Stack spacing={1}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' }, wordBreak: 'break-word' }}
          >
            {p.title}
          </Typography>
          <Typography color="textSecondary">{propertyKindText(p)}</Typography>
          {place && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <PlaceRoundedIcon fontSize="small" aria-hidden />
              <Typography>{place}</Typography>
            </Stack>
          )}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 700, color: 'primary.main' }}
              data-testid="property-price"
            >
              {price ?? 'Preço sob consulta'}
            </Typography>
            {perMetre && (
              <Typography color="textSecondary" data-testid="property-price-per-m2">
                {perMetre}
              </Typography>
            )}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ pt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {can.canEdit && (
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <Button variant="contained" startIcon={<EditRoundedIcon />} onClick={() => setEditing(true)}>
                  Editar imóvel
                </Button>
              </Box>
            )}
            <ShareSheetButton propertyId={p.id} />
          </Stack>
        </Stack>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <PropertyFacts
              property={p}
              owner={owner}
              agentName={p.agentId ? (agents?.get(p.agentId) ?? null) : null}
            />
          </CardContent>
        </Card>
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <MatchingBuyersSection
                property={p}
                canSchedule={can.canCreate}
                onSchedule={(clientId) => setVisitFor({ clientId })}
              />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <DetailSection title="Visitas">
                <Stack spacing={1.5}>
                  <PropertyVisits propertyId={p.id} />
                  {can.canCreate && (
                    <Button
                      variant="outlined"
                      startIcon={<EventRoundedIcon />}
                      onClick={() => setVisitFor({})}
                      sx={{ alignSelf: 'flex-start' }}
                    >
                      Agendar visita
                    </Button>
                  )}
                </Stack>
              </DetailSection>
            </CardContent>
          </Card>
        </Stack>
      </Box>

      {editing && <PropertyFormDialog open onClose={() => setEditing(false)} property={p} />}
      {visitFor && (
        <ScheduleVisitDialog
          open
          onClose={() => setVisitFor(null)}
          propertyId={p.id}
          clientId={visitFor.clientId}
        />
      )}
      {deleting && (
        <PropertyDeleteDialog
          property={p}
          reference={reference}
          onClose={() => setDeleting(false)}
          onDeleted={back}
        />
      )}
    </Stack>
  );
}

function NotFound() {
  const back = useBack();
  return (
    <Card variant="outlined" data-testid="property-not-found">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
          <SearchOffRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
            {errorMessages.propertyNotFound}
          </Typography>
          <Typography color="textSecondary">O imóvel pedido não existe ou foi removido.</Typography>
          <Button variant="contained" startIcon={<ArrowBackRoundedIcon />} onClick={back}>
            Voltar
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
