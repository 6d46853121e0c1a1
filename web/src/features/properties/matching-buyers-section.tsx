import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CallRoundedIcon from '@mui/icons-material/CallRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { Client, MatchableProperty } from '@casa/shared-schema';
import { useClientSearch } from '../../data/client-search/use-client-search';
import { useWorkerAnswer } from '../../data/client-search/use-worker-answer';
import { useSyncClient } from '../../data/sync-provider';
import { RouterLink } from '../../ui/router-link';
import { DetailSection } from './property-detail-facts';
import { contactHrefs, MATCHES_PAGE, nextLimit, scoreLabel, noBuyersText } from './matching-lists.logic';

/**
 * 'Compradores compatíveis' (docs/product.md#matching): the replica's buyers ranked for this property on the
 * device, so it answers offline. The search worker prepares the buyers once per change of its client index
 * and matches them (issue 19); the page gets the first rows only.
 */
export function MatchingBuyersSection({
  property,
  canSchedule,
  onSchedule,
}: {
  property: MatchableProperty;
  canSchedule: boolean;
  onSchedule: (clientId: string) => void;
}) {
  const { search } = useClientSearch(useSyncClient()?.db);
  const [limit, setLimit] = useState(MATCHES_PAGE);
  const found = useWorkerAnswer(search, (s) => s.buyers(property, limit), [property, limit]) ?? null;
  const rows = found?.shown ?? [];
  const hidden = found ? found.count - rows.length : 0;

  let body: React.ReactNode;
  if (!found) {
    body = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography color="textSecondary">A procurar compradores…</Typography>
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Typography color="textSecondary" data-testid="no-matching-buyers">
        {noBuyersText(property)}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={1.5}>
        {rows.map(({ match, row }) => (
          <BuyerRow
            key={match.clientId}
            client={row}
            score={match.score}
            reasons={match.reasons}
            canSchedule={canSchedule}
            onSchedule={() => onSchedule(match.clientId)}
          />
        ))}
        {hidden > 0 && (
          <Button onClick={() => setLimit(nextLimit)} sx={{ alignSelf: 'center' }}>
            Ver mais ({hidden})
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <DetailSection
      title={found ? `Compradores compatíveis (${found.count})` : 'Compradores compatíveis'}
      testId="matching-buyers"
    >
      {body}
    </DetailSection>
  );
}

/** The score as a round badge: green from 80, the primary colour from 60. */
export function ScoreBadge({ score }: { score: number }) {
  const color = score >= 80 ? 'success.main' : score >= 60 ? 'primary.main' : 'text.secondary';
  return (
    <Box
      role="img"
      aria-label={scoreLabel(score)}
      title={scoreLabel(score)}
      sx={{
        flexShrink: 0,
        width: 44,
        height: 44,
        borderRadius: '50%',
        border: 3,
        borderColor: color,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: '0.95rem',
      }}
    >
      {score}
    </Box>
  );
}

export function ReasonChips({ reasons }: { reasons: readonly string[] }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {reasons.map((r) => (
        <Chip key={r} label={r} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

function BuyerRow({
  client,
  score,
  reasons,
  canSchedule,
  onSchedule,
}: {
  client: Client;
  score: number;
  reasons: readonly string[];
  canSchedule: boolean;
  onSchedule: () => void;
}) {
  const { tel, whatsapp } = contactHrefs(client.phone);
  return (
    <Box
      data-testid="matching-buyer"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 1 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <ScoreBadge score={score} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <RouterLink
            to="/clients"
            search={{ view: client.id }}
            sx={{
              fontWeight: 600,
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {client.name}
          </RouterLink>
          <Typography variant="caption" color="textSecondary">
            {client.type}
            {client.phone ? ` · ${client.phone}` : ''}
          </Typography>
        </Box>
      </Stack>
      <ReasonChips reasons={reasons} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {tel && (
          <Tooltip title="Ligar">
            <IconButton component="a" href={tel} color="primary" aria-label={`Ligar a ${client.name}`}>
              <CallRoundedIcon />
            </IconButton>
          </Tooltip>
        )}
        {whatsapp && (
          <Tooltip title="WhatsApp">
            <IconButton
              component="a"
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              sx={(theme) => ({ color: '#128C7E', ...theme.applyStyles('dark', { color: '#25D366' }) })}
              aria-label={`WhatsApp de ${client.name}`}
            >
              <WhatsAppIcon />
            </IconButton>
          </Tooltip>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {canSchedule && (
          <Button size="small" variant="outlined" startIcon={<EventRoundedIcon />} onClick={onSchedule}>
            Agendar visita
          </Button>
        )}
      </Stack>
    </Box>
  );
}
