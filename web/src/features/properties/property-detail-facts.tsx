import type { ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { Client, Property } from '@casa/shared-schema';
import { formatDateTime } from '@casa/shared-schema/values';
import { RouterLink } from '../../ui/router-link';
import { addressLines, factRows, fieldLabel, mediationRows } from './property-detail.logic';

// The facts of a property (docs/product.md#property-detail), in sections; labels from PROPERTY_FIELDS.

export function DetailSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word', fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
  columnGap: 2,
  rowGap: 1.5,
} as const;

export function PropertyFacts({
  property: p,
  agentName,
  owner,
}: {
  property: Property;
  agentName: string | null;
  /** The owner's client row when the replica holds it (null: none, or not found). */
  owner: Pick<Client, 'id' | 'name'> | null;
}) {
  const facts = factRows(p);
  const address = addressLines(p);
  return (
    <Stack spacing={3}>
      {facts.length > 0 && (
        <DetailSection title="Características principais" testId="property-facts">
          <Box sx={grid}>
            {facts.map((row) => (
              <Fact key={row.key} label={row.label}>
                {row.text}
              </Fact>
            ))}
          </Box>
        </DetailSection>
      )}
      {p.features.length > 0 && (
        <DetailSection title={fieldLabel('features')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} data-testid="property-features">
            {p.features.map((f) => (
              <Chip key={f} label={f} size="small" variant="outlined" />
            ))}
          </Stack>
        </DetailSection>
      )}
      {address.length > 0 && (
        <DetailSection title="Localização">
          <Typography component="address" sx={{ fontStyle: 'normal' }} data-testid="property-address">
            {address.map((line) => (
              <Box component="span" key={line} sx={{ display: 'block' }}>
                {line}
              </Box>
            ))}
          </Typography>
        </DetailSection>
      )}
      <DetailSection title="Gestão">
        <Box sx={grid}>
          <Fact label={fieldLabel('agentId')}>{agentName ?? '—'}</Fact>
          <Fact label={fieldLabel('ownerClientId')}>
            {owner ? (
              <RouterLink to="/clients" search={{ view: owner.id }} data-testid="property-owner">
                {owner.name}
              </RouterLink>
            ) : (
              '—'
            )}
          </Fact>
        </Box>
      </DetailSection>
      <DetailSection title="Contrato de mediação">
        <Box sx={grid} data-testid="property-mediation">
          {mediationRows(p).map((row) => (
            <Fact key={row.label} label={row.label}>
              {row.text}
            </Fact>
          ))}
        </Box>
      </DetailSection>
      {p.notes && (
        <DetailSection title={fieldLabel('notes')}>
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{p.notes}</Typography>
        </DetailSection>
      )}
      <Typography variant="caption" color="textSecondary">
        {fieldLabel('createdAt')} {formatDateTime(p.createdAt)} · {fieldLabel('updatedAt')}{' '}
        {formatDateTime(p.updatedAt)}
      </Typography>
    </Stack>
  );
}
