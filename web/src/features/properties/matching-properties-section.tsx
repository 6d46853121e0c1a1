import { useMemo, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { Client, MatchableClient } from '@casa/shared-schema';
import { matchPropertiesForBuyer, prepareProperties } from '@casa/shared-schema/values';
import { shownReference } from '../../data/properties';
import { useProperties } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { RouterLink } from '../../ui/router-link';
import { MATCHES_PAGE, nextLimit, visibleMatches, withRows } from './matching-lists.logic';
import { ReasonChips, ScoreBadge } from './matching-buyers-section';
import { priceText, propertyKindText } from './property-detail.logic';

const BUYER_TYPES: readonly string[] = ['Comprador', 'Investidor'];

/**
 * 'Imóveis compatíveis' on a buyer (docs/product.md#matching): the replica's properties ranked for this
 * Comprador or Investidor on the device (offline too), each linking to its page. Nothing for a Vendedor.
 */
export function MatchingPropertiesSection({ client }: { client: MatchableClient & Pick<Client, 'type'> }) {
  if (!BUYER_TYPES.includes(client.type)) return null;
  return <MatchingProperties key={client.id} client={client} />;
}

function MatchingProperties({ client }: { client: MatchableClient }) {
  const list = useProperties(useSyncClient()?.db);
  const prepared = useMemo(() => prepareProperties(list?.properties ?? []), [list]);
  const byId = useMemo(() => new Map((list?.properties ?? []).map((p) => [p.id, p])), [list]);
  const matches = useMemo(() => matchPropertiesForBuyer(client, prepared), [client, prepared]);
  const [limit, setLimit] = useState(MATCHES_PAGE);
  const { shown, hidden } = visibleMatches(matches, limit);
  const rows = withRows(
    shown,
    (m) => m.propertyId,
    (id) => byId.get(id),
  );

  return (
    <Box component="section" aria-label="Imóveis compatíveis" data-testid="matching-properties">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {list ? `Imóveis compatíveis (${matches.length})` : 'Imóveis compatíveis'}
      </Typography>
      {list && rows.length === 0 ? (
        <Typography color="textSecondary">
          Nenhum imóvel compatível. Conta o orçamento do cliente, a zona, a tipologia e o tipo de imóvel.
        </Typography>
      ) : (
        <Stack spacing={1}>
          {rows.map(({ match, row: p }) => (
            <Stack
              key={p.id}
              direction="row"
              spacing={1.5}
              data-testid="matching-property"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, alignItems: 'flex-start' }}
            >
              <ScoreBadge score={match.score} />
              <Stack spacing={0.75} sx={{ minWidth: 0, flexGrow: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <RouterLink
                    to="/imoveis/$id"
                    params={{ id: p.id }}
                    sx={{ fontWeight: 600, display: 'block', wordBreak: 'break-word' }}
                  >
                    {p.title}
                  </RouterLink>
                  <Typography variant="caption" color="textSecondary" component="div">
                    {shownReference(p, list?.provisional ?? new Set())} · {propertyKindText(p)}
                    {p.concelho ? ` · ${p.concelho}` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {priceText(p)}
                  </Typography>
                </Box>
                <ReasonChips reasons={match.reasons} />
              </Stack>
            </Stack>
          ))}
          {hidden > 0 && (
            <Button onClick={() => setLimit(nextLimit)} sx={{ alignSelf: 'center' }}>
              Ver mais ({hidden})
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
