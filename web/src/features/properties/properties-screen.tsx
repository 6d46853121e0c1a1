import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useLiveQuery } from '../../data/live-query';
import type { CurrentUser } from '@casa/shared-schema';
import type { PropertiesRouteSearch, PropertiesSearch } from '../../app/route-search';
import { filterProperties, provisionalReferenceIds } from '../../data/properties';
import { useReplicaSettled } from '../../data/sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { EmptyListCard } from '../../ui/empty-list-card';
import { FirstSyncNotice } from '../../ui/first-sync-notice';
import { RouterButton } from '../../ui/router-link';
import { usePermissions } from '../auth/permissions.queries';
import { agentNames } from '../clients/clients.queries';
import {
  activeFilterCount,
  countText,
  dialogOf,
  emptyStateOf,
  filtersOfSearch,
  filtersOnly,
  withFilter,
} from './properties-list.logic';
import { PropertiesFilters, type SetFilter } from './properties-filters';
import { checkPropertiesSearch } from './properties-search';
import { PropertiesVirtualList } from './properties-virtual-list';
import { useCoverThumbs } from './property-covers';
import { PropertyFormDialog } from './property-form-dialog';

/** The search box writes the URL this long after the last keystroke (the list itself answers at once). */
const URL_DELAY_MS = 300;

/** /imoveis (issue 20): the organization's properties, filtered from the URL, read from the replica. */
export default function PropertiesScreen({
  search: routeSearch,
}: {
  user: CurrentUser;
  search: PropertiesRouteSearch;
}) {
  // The route's filters are text; checked here against the list query's schema (properties-search.ts).
  const search = useMemo(() => checkPropertiesSearch(routeSearch), [routeSearch]);
  const sync = useSyncClient();
  const db = sync?.db ?? null;
  const can = usePermissions();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const navigate = useNavigate();
  const router = useRouter();
  const settled = useReplicaSettled(sync);
  const rows = useLiveQuery(async () => (db ? await db.properties.toArray() : undefined), [db]);
  const provisional = useLiveQuery(() => (db ? provisionalReferenceIds(db) : new Set<string>()), [db]);
  const agents = useLiveQuery(() => (db ? agentNames(db) : new Map<string, string>()), [db]) ?? new Map();
  const thumbs = useCoverThumbs(db);
  const [showFilters, setShowFilters] = useState(false);

  const go = useCallback(
    (next: PropertiesSearch) => void navigate({ to: '/imoveis', search: next, replace: true }),
    [navigate],
  );
  const setFilter: SetFilter = useCallback((key, value) => go(withFilter(search, key, value)), [go, search]);

  // The typed text filters at once (deferred); the URL follows when typing pauses.
  const [q, setQ] = useState(search.q ?? '');
  // A new q from outside (back button, a link) shows in the box; the one this box wrote changes nothing.
  const [urlQ, setUrlQ] = useState(search.q);
  if (urlQ !== search.q) {
    setUrlQ(search.q);
    if (q.trim() !== (search.q ?? '')) setQ(search.q ?? '');
  }
  useEffect(() => {
    if (q.trim() === (search.q ?? '')) return;
    // Written over the URL as it is when the timer fires, not as it was when typing paused: a filter or an
    // edit chosen meanwhile stays (an open dialog stays open).
    const timer = setTimeout(() => {
      // A card tapped meanwhile: its page loads while this screen is still mounted, and writing the search
      // now would take the agent back to the list (a phone types, then taps a result within the delay).
      if (router.history.location.pathname !== '/imoveis') return;
      void navigate({
        from: '/imoveis',
        to: '/imoveis',
        search: (prev) => ({
          ...withFilter(checkPropertiesSearch(prev), 'q', q.trim()),
          action: prev.action,
          edit: prev.edit,
        }),
        replace: true,
      });
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, search.q, navigate, router]);
  const deferredQ = useDeferredValue(q);

  const filters = useMemo(
    () => filtersOfSearch({ ...search, q: deferredQ.trim() || undefined }),
    [search, deferredQ],
  );
  const shown = useMemo(() => (rows ? filterProperties(rows, filters) : undefined), [rows, filters]);
  const filtering = Boolean(deferredQ.trim()) || activeFilterCount(search) > 0;
  const empty = emptyStateOf(filtering ? { q: 'x' } : {});
  const dialog = dialogOf(search, can.canCreate);
  const editing = dialog?.kind === 'edit' ? rows?.find((p) => p.id === dialog.id) : undefined;
  const closeDialog = useCallback(() => go(filtersOnly(search)), [go, search]);
  const onEdit = useCallback(
    // With the text typed so far, even before the URL took it.
    (id: string) =>
      void navigate({
        to: '/imoveis',
        search: { ...filtersOnly(withFilter(search, 'q', q.trim())), edit: id },
      }),
    [navigate, search, q],
  );
  const filterCount = activeFilterCount(search);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Imóveis
          </Typography>
          <Typography
            color="textSecondary"
            data-testid="properties-count"
            // The text the count (and the list) answers: the screens bench times keystrokes against it.
            data-query={shown ? deferredQ : undefined}
            aria-live="polite"
          >
            {shown ? countText(shown.length) : ' '}
          </Typography>
        </Box>
        {can.canCreate && (
          <RouterButton
            to="/imoveis"
            search={{ ...filtersOnly(search), action: 'create' }}
            variant="contained"
            startIcon={<AddRoundedIcon />}
          >
            Novo Imóvel
          </RouterButton>
        )}
      </Stack>
      <Stack direction="row" spacing={1}>
        <TextField
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={
            phone
              ? 'Referência, título, morada...'
              : 'Pesquisar por referência, título, rua, concelho ou freguesia...'
          }
          size="small"
          type="search"
          sx={{ flexGrow: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Pesquisar por referência, título, rua, concelho ou freguesia' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone && (
          <Button
            variant={showFilters ? 'contained' : 'outlined'}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
            aria-controls="properties-filters"
            startIcon={
              <Badge badgeContent={filterCount} color="primary" invisible={showFilters}>
                <FilterListRoundedIcon />
              </Badge>
            }
            sx={{ flexShrink: 0 }}
          >
            Filtros
          </Button>
        )}
      </Stack>
      <Collapse in={!phone || showFilters} id="properties-filters" unmountOnExit={false}>
        <PropertiesFilters search={search} setFilter={setFilter} agents={agents} />
      </Collapse>
      {!db || !shown || !provisional ? (
        <Stack spacing={1.5} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={132} />
          ))}
        </Stack>
      ) : shown.length === 0 && !settled && !filtering ? (
        <FirstSyncNotice>Os seus imóveis estão a chegar a este dispositivo.</FirstSyncNotice>
      ) : shown.length === 0 ? (
        <EmptyListCard
          testId="properties-empty"
          icon={<HomeWorkOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={empty.title}
          hint={empty.hint}
          action={
            empty.offerCreate &&
            can.canCreate && (
              <RouterButton
                to="/imoveis"
                search={{ action: 'create' }}
                variant="contained"
                startIcon={<AddRoundedIcon />}
                sx={{ mt: 1 }}
              >
                Criar Primeiro Imóvel
              </RouterButton>
            )
          }
        />
      ) : (
        <PropertiesVirtualList
          properties={shown}
          provisional={provisional}
          thumbs={thumbs}
          canEdit={can.canEdit}
          onEdit={onEdit}
          resetKey={JSON.stringify(filters)}
        />
      )}
      <PropertyFormDialog
        open={dialog?.kind === 'create' || editing !== undefined}
        onClose={closeDialog}
        property={editing}
      />
    </Stack>
  );
}
