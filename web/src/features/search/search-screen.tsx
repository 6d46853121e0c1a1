import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  Grid,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { useLiveQuery } from '../../data/live-query';
import type { CurrentUser } from '@casa/shared-schema';
import { errorMessages, formatCount, tagNameKey } from '@casa/shared-schema/values';
import { indexClient } from '../../data/client-search/client-index';
import type { ClientSearch } from '../../data/client-search/client-search';
import { useClientMatches, useClientRows } from '../../data/client-search/use-client-search';
import { useSyncClient } from '../../data/sync-provider';
import { SearchFilterPanel } from './search-filter-panel';
import { SearchResultCard } from './search-result-card';
import { activeFilterCount, criteriaOf, resultCountText } from './search.logic';
import { useSearchState } from './use-search-state';

const PANEL_ID = 'search-filters';
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** /search (docs/product.md#search): text and filters over the local replica, 12 results at a time. */
export default function SearchScreen({ q }: { user: CurrentUser; q?: string }) {
  const client = useSyncClient();
  const search = useSearchState(q ?? '');
  const activeFilters = activeFilterCount(search.filters);
  const [panelOpen, setPanelOpen] = useState(activeFilters > 0);
  const tags = useLiveQuery(() => (client ? client.db.tags.toArray() : []), [client]);
  const tagColors = useMemo(() => new Map((tags ?? []).map((t) => [tagNameKey(t.name), t.color])), [tags]);

  const criteria = useMemo(() => criteriaOf(search.applied), [search.applied]);
  // The search worker answers the ids in order; the page fetches the rows of the cards it shows.
  // Only the ids of the cards shown travel from the worker (issue 19), with the count of every match.
  const { search: clientSearch, state, matches } = useClientMatches(client?.db, criteria, 0, search.visible);
  const shownIds = matches?.complete ? matches.ids.slice(0, search.visible) : [];
  const total = matches?.complete ? (matches.count ?? shownIds.length) : 0;
  const narrowed = search.applied.q !== '' || activeFilterCount(search.applied.filters) > 0;
  const loading = !clientSearch || !state.ready || !matches?.complete;

  return (
    <Stack spacing={3}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        Pesquisa Avançada
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="search">
        <TextField
          type="search"
          label="Termos de pesquisa"
          placeholder="Nome, email, telefone, notas ou tags"
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search.searchNow()}
          autoFocus={!q}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { enterKeyHint: 'search', maxLength: 200 },
          }}
        />
        <Button
          variant={panelOpen ? 'contained' : 'outlined'}
          onClick={() => setPanelOpen((o) => !o)}
          aria-expanded={panelOpen}
          aria-controls={PANEL_ID}
          startIcon={
            <Badge
              badgeContent={activeFilters}
              color="secondary"
              slotProps={{ badge: { 'aria-hidden': true } as object }}
            >
              <FilterListRoundedIcon />
            </Badge>
          }
          sx={{ flexShrink: 0, minWidth: 140, alignSelf: { xs: 'flex-start', sm: 'stretch' } }}
        >
          {panelOpen ? 'Ocultar filtros' : 'Filtros'}
          {!panelOpen && activeFilters > 0 && (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {` (${activeFilters} ativo(s))`}
            </Box>
          )}
        </Button>
      </Stack>
      <Collapse in={panelOpen} unmountOnExit>
        <SearchFilterPanel
          id={PANEL_ID}
          filters={search.filters}
          onChange={search.setFilters}
          onClear={search.clearFilters}
        />
      </Collapse>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 36, flexWrap: 'wrap' }}>
        <Typography role="status" sx={{ fontWeight: 600 }} data-testid="search-count">
          {loading ? 'A carregar clientes…' : resultCountText(total)}
        </Typography>
        {!panelOpen && activeFilters > 0 && (
          <Button size="small" onClick={search.clearFilters}>
            Limpar filtros
          </Button>
        )}
      </Stack>

      {loading ? (
        <Grid container spacing={2} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : total === 0 ? (
        <EmptyResults
          narrowed={narrowed}
          canClear={activeFilterCount(search.applied.filters) > 0}
          onClear={search.clearFilters}
        />
      ) : (
        <Box component="section" aria-label="Resultados da pesquisa">
          <Grid container spacing={2}>
            <ResultCards search={clientSearch} ids={shownIds} tagColors={tagColors} />
          </Grid>
          {shownIds.length < total && (
            <Stack spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
              <Typography variant="body2" color="textSecondary">
                A mostrar {formatCount(shownIds.length)} de {formatCount(total)}
              </Typography>
              <Button variant="outlined" onClick={() => search.showMore(total)}>
                Mostrar mais
              </Button>
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** The cards of the ids shown, each once its row has been fetched from the search worker. */
function ResultCards({
  search,
  ids,
  tagColors,
}: {
  search: ClientSearch;
  ids: readonly string[];
  tagColors: ReadonlyMap<string, string>;
}) {
  const rowOf = useClientRows(search, ids);
  return ids.map((id) => {
    const row = rowOf(id);
    return (
      <Grid key={id} size={{ xs: 12, sm: 6, lg: 4 }}>
        {row ? (
          <SearchResultCard entry={indexClient(row)} tagColors={tagColors} />
        ) : (
          row === undefined && <Skeleton variant="rounded" height={180} />
        )}
      </Grid>
    );
  });
}

function EmptyResults({
  narrowed,
  canClear,
  onClear,
}: {
  narrowed: boolean;
  canClear: boolean;
  onClear: () => void;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
          <SearchOffRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {narrowed ? errorMessages.noClientsFound : errorMessages.noClientsYet}
          </Typography>
          <Typography color="textSecondary">
            {narrowed ? errorMessages.adjustSearchFilters : errorMessages.createFirstClientHint}
          </Typography>
          {canClear && (
            <Button variant="outlined" onClick={onClear} sx={{ mt: 1 }}>
              Limpar filtros
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
