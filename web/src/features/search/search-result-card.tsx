import { memo } from 'react';
import { Box, Card, CardActions, CardContent, Chip, Rating, Stack, Typography } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { ClientType } from '@casa/shared-schema';
import { DEFAULT_TAG_COLOR, formatCurrency, tagNameKey } from '@casa/shared-schema/values';
import type { IndexedClient } from '../../data/client-search/client-index';
import { RouterButton } from '../../ui/router-link';

/** Type badge colours with AA contrast on the card, in both themes. */
const TYPE_COLORS: Record<ClientType, { light: string; dark: string }> = {
  Comprador: { light: '#1d4e89', dark: '#9cc2f5' },
  Vendedor: { light: '#8a3f00', dark: '#ffb77a' },
  Investidor: { light: '#1b6e3c', dark: '#86d9a6' },
};

function zoneOf(fields: Record<string, unknown>): string | null {
  for (const key of ['zone', 'location', 'preferredZones']) {
    const v = fields[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

type Props = { entry: IndexedClient; tagColors: ReadonlyMap<string, string> };

/** One result of the advanced search: who, how good a lead, how to reach them, and a way in. */
export const SearchResultCard = memo(function SearchResultCard({ entry, tagColors }: Props) {
  const c = entry.client;
  const fields = (c.customFields ?? {}) as Record<string, unknown>;
  const zone = zoneOf(fields);
  const amountLabel = typeof fields.budget === 'number' ? 'Orçamento' : 'Valor do imóvel';
  const headingId = `search-result-${c.id}`;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {c.name}
          </Typography>
          <Chip
            label={c.type}
            size="small"
            variant="outlined"
            sx={(theme) => ({
              color: TYPE_COLORS[c.type].light,
              borderColor: TYPE_COLORS[c.type].light,
              ...theme.applyStyles('dark', {
                color: TYPE_COLORS[c.type].dark,
                borderColor: TYPE_COLORS[c.type].dark,
              }),
            })}
          />
        </Stack>
        <Rating
          value={c.rating ?? 0}
          readOnly
          size="small"
          aria-label={`Classificação: ${c.rating ?? 0} de 5`}
          sx={{ mt: 0.5 }}
        />
        <Stack spacing={0.5} sx={{ mt: 1, color: 'text.secondary' }}>
          <ContactLine icon={<EmailOutlinedIcon fontSize="small" />} text={c.email} empty="Sem email" />
          <ContactLine icon={<PhoneOutlinedIcon fontSize="small" />} text={c.phone} empty="Sem telefone" />
          {(zone || entry.amount !== null) && (
            <ContactLine
              icon={<PlaceOutlinedIcon fontSize="small" />}
              text={[zone, entry.amount !== null ? `${amountLabel}: ${formatCurrency(entry.amount)}` : null]
                .filter(Boolean)
                .join(' · ')}
              empty=""
            />
          )}
        </Stack>
        {c.tags.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
            {c.tags.map((name) => {
              const color = tagColors.get(tagNameKey(name)) ?? DEFAULT_TAG_COLOR;
              return (
                <Chip
                  key={name}
                  label={name}
                  size="small"
                  variant="outlined"
                  icon={
                    <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />
                  }
                  sx={{ maxWidth: 120, borderColor: color }}
                />
              );
            })}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <RouterButton
          to="/clients"
          search={{ view: c.id }}
          size="small"
          aria-label={`Ver ${c.name}`}
          aria-describedby={headingId}
        >
          Ver
        </RouterButton>
      </CardActions>
    </Card>
  );
});

function ContactLine({ icon, text, empty }: { icon: React.ReactNode; text: string | null; empty: string }) {
  const value = text?.trim();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden sx={{ display: 'flex' }}>
        {icon}
      </Box>
      <Typography
        variant="body2"
        sx={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontStyle: value ? 'normal' : 'italic',
        }}
      >
        {value || empty}
      </Typography>
    </Stack>
  );
}
