import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useLiveQuery } from '../../data/live-query';
import { useNavigate } from '@tanstack/react-router';
import { Box, Button, Card, Chip, Skeleton, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import type { CurrentUser, FollowUp } from '@casa/shared-schema';
import { errorMessages, isFollowUpOverdue } from '@casa/shared-schema/values';
import type { FollowUpsSearch } from '../../app/route-search';
import { useClientNames } from '../../data/read-hooks';
import { useCollectionArrived, useEngineState } from '../../data/sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { useLiveAnswer } from '../../data/use-live-answer';
import { usePermissions } from '../auth/permissions.queries';
import { useToast } from '../../ui/toast-provider';
import { DrawnInSteps } from '../../lib/drawn-in-steps';
import { RowKeeper } from '../../lib/row-keeper';
import { MountOnceOpened } from '../../ui/mount-once-opened';
import { TabStrip } from '../../ui/tab-strip';
import { FollowUpCard } from './follow-up-card';
import { EMPTY_TAB_TEXT, FOLLOW_UP_TABS, type FollowUpTab } from './follow-up-tabs';
import { followUpTabCounts, followUpTabPage } from './follow-ups.queries';
import { useNow } from '../../lib/use-now';

const PAGE = 50;
/**
 * Cards drawn per task as a page arrives: a phone's screenful, each step well under 50 ms at 4× CPU
 * (DrawnInSteps, lib/).
 */
const DRAW_STEP = 5;

// The dialogs load when first opened: the screen's start evaluates no zod (docs/decisions.md).
const CompleteFollowUpDialog = lazy(() =>
  import('./complete-follow-up-dialog').then((m) => ({ default: m.CompleteFollowUpDialog })),
);
const DeleteFollowUpDialog = lazy(() =>
  import('./delete-follow-up-dialog').then((m) => ({ default: m.DeleteFollowUpDialog })),
);
const FollowUpFormDialog = lazy(() =>
  import('./follow-up-form-dialog').then((m) => ({ default: m.FollowUpFormDialog })),
);

/** /followups (docs/product.md#follow-ups): the five tabs with their counts, the list, and the URL-driven dialogs. */
export default function FollowUpsScreen({ search }: { user: CurrentUser; search: FollowUpsSearch }) {
  const sync = useSyncClient();
  const db = sync?.db;
  const navigate = useNavigate();
  const { canCreate, canEdit, canDelete } = usePermissions();
  const now = useNow();
  const [tab, setTab] = useState<FollowUpTab>('pending');
  const [limit, setLimit] = useState(PAGE);
  const [completing, setCompleting] = useState<FollowUp | null>(null);
  const [deleting, setDeleting] = useState<FollowUp | null>(null);
  // Unchanged rows keep their objects from one answer to the next: only changed cards render again.
  const [keeper] = useState(() => new RowKeeper<FollowUp>());

  // During a first sync, nothing until every follow-up is in: drawn as they arrived, later ones sorted in
  // above the cards on screen and pushed them away (collectionArrived, data/sync-state.ts).
  const arrived = useCollectionArrived(sync, 'followUps');
  const counts = useLiveAnswer(
    () => (db && arrived ? followUpTabCounts(db, now) : undefined),
    [db, arrived, now.getTime()],
  );
  // Each answer names the tab it was read for: until a new tab's rows arrive, the live query still holds
  // the previous tab's, which must not be drawn (nor their step count reset) under the new tab.
  // Read with useLiveAnswer: with 1,000+ cards on a slow phone a read outlasts the gap between other devices'
  // writes, and Dexie's live query would drop every one of them (data/use-live-answer.ts).
  const page = useLiveAnswer(
    async () =>
      db && arrived ? { tab, rows: keeper.keep(await followUpTabPage(db, tab, now, limit)) } : undefined,
    [db, arrived, tab, now.getTime(), limit, keeper],
  );
  // The cards are drawn in a deferred render, which React slices with the page free in between: a first
  // visit's first cards were one task of 390 ms at 4× CPU (issue 19). Until it commits, the placeholders
  // stay; another tab's cards are never shown under this one (a tab switch shows the placeholders at once).
  const deferred = useDeferredValue(page);
  const shown = deferred?.tab === tab ? deferred : undefined;

  const closeDialog = useCallback(() => void navigate({ to: '/followups', search: {} }), [navigate]);
  const onEdit = useCallback(
    (f: FollowUp) => void navigate({ to: '/followups', search: { edit: f.id } }),
    [navigate],
  );
  // The names of the cards shown only (no client index: issue 19).
  const nameOf = useClientNames(
    db,
    (page?.rows ?? []).map((f) => f.clientId),
  );
  const total = counts?.[tab] ?? 0;

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            Follow-ups
          </Typography>
          <Typography color="textSecondary">
            Acompanhe os contactos agendados com os seus clientes.
          </Typography>
        </Box>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => void navigate({ to: '/followups', search: { action: 'create' } })}
          >
            Novo Follow-up
          </Button>
        )}
      </Stack>
      <TabStrip
        label="Filtrar follow-ups"
        value={tab}
        onChange={(next) => {
          setTab(next);
          setLimit(PAGE);
        }}
        tabs={FOLLOW_UP_TABS.map(({ key, label }) => ({
          key,
          label,
          after: (
            <Chip
              size="small"
              label={counts ? counts[key] : '…'}
              color={key === 'overdue' && (counts?.overdue ?? 0) > 0 ? 'error' : 'default'}
              data-testid={`tab-count-${key}`}
            />
          ),
        }))}
      />
      <Box
        role="tabpanel"
        aria-label={FOLLOW_UP_TABS.find((t) => t.key === tab)?.label}
        data-testid="follow-ups-list"
      >
        {!shown ? (
          <Stack spacing={1.5} aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Stack>
        ) : shown.rows.length === 0 ? (
          <Card variant="outlined">
            <Stack spacing={1} sx={{ alignItems: 'center', p: 5, textAlign: 'center' }}>
              <EventAvailableRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>{EMPTY_TAB_TEXT[tab]}</Typography>
            </Stack>
          </Card>
        ) : (
          <Stack spacing={1.5}>
            <DrawnInSteps
              items={shown.rows}
              step={DRAW_STEP}
              resetKey={tab}
              render={(f) => (
                <FollowUpCard
                  key={f.id}
                  followUp={f}
                  clientName={nameOf(f.clientId)}
                  overdue={isFollowUpOverdue(f, now)}
                  canEdit={canEdit}
                  canDelete={canDelete}
                  onComplete={setCompleting}
                  onEdit={onEdit}
                  onDelete={setDeleting}
                />
              )}
            />
            {total > shown.rows.length && (
              <Box sx={{ textAlign: 'center', pt: 1 }}>
                <Button onClick={() => setLimit((n) => n + PAGE)}>
                  Carregar mais ({shown.rows.length} de {total})
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Box>
      {canCreate && search.action === 'create' && (
        <Suspense fallback={null}>
          <FollowUpFormDialog mode="create" clientId={search.client} onClose={closeDialog} />
        </Suspense>
      )}
      {canEdit && search.edit && <EditDialog id={search.edit} onClose={closeDialog} />}
      <MountOnceOpened open={completing !== null}>
        <CompleteFollowUpDialog followUp={completing} onClose={() => setCompleting(null)} />
      </MountOnceOpened>
      <MountOnceOpened open={deleting !== null}>
        <DeleteFollowUpDialog followUp={deleting} onClose={() => setDeleting(null)} />
      </MountOnceOpened>
    </Stack>
  );
}

/** ?edit={id}: the dialog once the row is in the replica; an unknown id after the first sync says so. */
function EditDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const sync = useSyncClient();
  const toast = useToast();
  const state = useEngineState(sync);
  const found = useLiveQuery(
    async () => (sync ? ((await sync.db.followUps.get(id)) ?? null) : undefined),
    [sync, id],
  );
  const settled = state.lastSyncedAt !== null || !state.online || state.error !== null;
  const missing = found === null && settled;

  useEffect(() => {
    if (!missing) return;
    toast({ title: errorMessages.followUpNotFound, variant: 'destructive' });
    onClose();
  }, [missing, toast, onClose]);

  return found ? (
    <Suspense fallback={null}>
      <FollowUpFormDialog key={found.id} mode="edit" followUp={found} onClose={onClose} />
    </Suspense>
  ) : null;
}
