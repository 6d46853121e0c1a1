import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Box,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import PeopleOutlineRoundedIcon from '@mui/icons-material/PeopleOutlineRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from '../../data/live-query';
import type { Client, ClientType, CurrentUser } from '@casa/shared-schema';
import type { ClientsSearch } from '../../app/route-search';
import { useClientMatches } from '../../data/client-search/use-client-search';
import { useReplicaSettled } from '../../data/sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { EmptyListCard } from '../../ui/empty-list-card';
import { FirstSyncNotice } from '../../ui/first-sync-notice';
import { RouterButton } from '../../ui/router-link';
import { usePermissions } from '../auth/permissions.queries';
import { emptyStateOf, foundText, isFiltering, tagColorsByName, TYPE_FILTERS } from './clients-list.logic';
import { agentNames, allTags } from './clients.queries';
import { dialogOf } from './clients-url';
import { ClientsVirtualList } from './clients-virtual-list';

// The dialogs load when first opened: the screen's start evaluates no zod (docs/decisions.md). The service
// worker precaches their chunks, so they open offline too.
const ClientFormDialog = lazy(() =>
  import('./client-form-dialog').then((m) => ({ default: m.ClientFormDialog })),
);
const ClientDetailDialog = lazy(() =>
  import('./client-detail-dialog').then((m) => ({ default: m.ClientDetailDialog })),
);
const InteractionHistoryDialog = lazy(() =>
  import('./interaction-history-dialog').then((m) => ({ default: m.InteractionHistoryDialog })),
);
const DeleteClientDialog = lazy(() =>
  import('./delete-client-dialog').then((m) => ({ default: m.DeleteClientDialog })),
);

/** Cards read from the name index while the client index builds: a few screens' worth. */
const FIRST_PAGE = 40;

/**
 * Ids the search worker sends per answer, and the step by which the list asks for more as it scrolls: a
 * keystroke's answer carries the count and the first ids, not tens of thousands of them (issue 19).
 */
const IDS_WINDOW = 200;

/** /clients (docs/product.md#clients): search, type filter, the virtualized card list and the URL-driven dialogs. */
export default function ClientsScreen({ user, search }: { user: CurrentUser; search: ClientsSearch }) {
  const sync = useSyncClient();
  const db = sync?.db ?? null;
  const can = usePermissions();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [type, setType] = useState<ClientType | null>(null);
  const typed = useMemo(() => ({ q, type }), [q, type]);
  // The search worker answers (ids in order); until its index is built, an unfiltered query answers the
  // first page read from the replica's name index and the replica's count.
  // How many ids to ask for: a window per query, grown as the list scrolls (a new query starts over).
  const queryKey = `${q}|${type ?? ''}`;
  const [wanted, setWanted] = useState({ queryKey, ids: IDS_WINDOW });
  const limit = wanted.queryKey === queryKey ? wanted.ids : IDS_WINDOW;
  const needIds = useCallback(
    (upTo: number) =>
      setWanted((prev) => {
        const now = prev.queryKey === queryKey ? prev.ids : IDS_WINDOW;
        return upTo <= now ? prev : { queryKey, ids: Math.ceil(upTo / IDS_WINDOW) * IDS_WINDOW + IDS_WINDOW };
      }),
    [queryKey],
  );
  const { search: clientSearch, state, matches } = useClientMatches(db, typed, FIRST_PAGE, limit);
  // What the list shows is the answer's query, not the one being typed: the list, its count and its
  // scroll position always belong together.
  const filter = useMemo(
    () => ({ q: matches?.criteria.q ?? '', type: matches?.criteria.type ?? null }),
    [matches],
  );
  const ids = matches && (matches.complete || matches.ids.length > 0) ? matches.ids : undefined;
  const settled = useReplicaSettled(sync);
  const tags = useLiveQuery(() => (db ? allTags(db) : []), [db]);
  const tagColors = useMemo(() => tagColorsByName(tags ?? []), [tags]);
  const agents = useLiveQuery(() => (db && can.isAdmin ? agentNames(db) : null), [db, can.isAdmin]) ?? null;
  const [historyFor, setHistoryFor] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const dialog = dialogOf(search, can);
  const closeDialog = useCallback(() => void navigate({ to: '/clients', search: {} }), [navigate]);
  const loading = !db || !clientSearch || ids === undefined;
  const empty = emptyStateOf(filter);

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Clientes
          </Typography>
          <Typography
            color="textSecondary"
            data-testid="clients-count"
            // The query the count (and the list) answers: the screens bench times keystrokes against it.
            data-query={filter.q}
            // Whether the count comes from the built index (searches answer) or the replica's count.
            data-index-ready={state.ready}
            aria-live="polite"
          >
            {matches?.complete && matches.count !== null
              ? foundText(matches.count)
              : // Before the index is built, the replica's count answers the unfiltered list at once.
                state.total !== null && !isFiltering(typed)
                ? foundText(state.total)
                : ' '}
          </Typography>
        </Box>
        {can.canCreate && (
          <RouterButton
            to="/clients"
            search={{ action: 'create' }}
            variant="contained"
            startIcon={<AddRoundedIcon />}
          >
            Novo Cliente
          </RouterButton>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={
            phone ? 'Nome, email, telefone ou notas...' : 'Pesquisar por nome, email, telefone ou notas...'
          }
          size="small"
          type="search"
          sx={{ flexGrow: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Pesquisar por nome, email, telefone ou notas' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={type ?? 'all'}
          onChange={(_, next: ClientType | 'all' | null) => next && setType(next === 'all' ? null : next)}
          aria-label="Tipo de cliente"
          fullWidth={phone}
          sx={{ flexShrink: 0 }}
        >
          {TYPE_FILTERS.map((f) => (
            <ToggleButton
              key={f.label}
              value={f.value ?? 'all'}
              sx={{ px: { xs: 1, sm: 2 }, textTransform: 'none' }}
            >
              {f.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {loading ? (
        <Stack spacing={2} aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Stack>
      ) : ids.length === 0 && !settled && !isFiltering(filter) ? (
        <FirstSyncNotice>Os seus clientes estão a chegar a este dispositivo.</FirstSyncNotice>
      ) : ids.length === 0 ? (
        <EmptyListCard
          testId="clients-empty"
          icon={<PeopleOutlineRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={empty.title}
          hint={empty.hint}
          action={
            empty.offerCreate &&
            can.canCreate && (
              <RouterButton
                to="/clients"
                search={{ action: 'create' }}
                variant="contained"
                startIcon={<AddRoundedIcon />}
                sx={{ mt: 1 }}
              >
                Criar Primeiro Cliente
              </RouterButton>
            )
          }
        />
      ) : (
        <ClientsVirtualList
          search={clientSearch}
          ids={ids}
          length={matches?.complete ? (matches.count ?? ids.length) : Math.max(ids.length, state.total ?? 0)}
          onNeedIds={needIds}
          version={state.version}
          resetKey={`${filter.q}|${filter.type ?? ''}`}
          tagColors={tagColors}
          agentNames={can.isAdmin ? agents : null}
          canEdit={can.canEdit}
          canDelete={can.canDelete}
          onHistory={setHistoryFor}
          onDelete={setDeleting}
        />
      )}
      {/* A boundary per dialog: one loading must not hide another already open. */}
      {dialog?.kind === 'create' && (
        <Suspense fallback={null}>
          <ClientFormDialog key="create" defaultType={type ?? undefined} onClose={closeDialog} />
        </Suspense>
      )}
      {dialog?.kind === 'edit' && (
        <Suspense fallback={null}>
          <ClientFormDialog key={dialog.id} clientId={dialog.id} onClose={closeDialog} />
        </Suspense>
      )}
      {dialog?.kind === 'view' && (
        <Suspense fallback={null}>
          <ClientDetailDialog
            key={dialog.id}
            clientId={dialog.id}
            user={user}
            onClose={closeDialog}
            onDelete={setDeleting}
          />
        </Suspense>
      )}
      {historyFor && (
        <Suspense fallback={null}>
          <InteractionHistoryDialog client={historyFor} user={user} onClose={() => setHistoryFor(null)} />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteClientDialog
            client={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              setDeleting(null);
              if (dialog) closeDialog();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
