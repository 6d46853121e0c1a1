import { Chip, Rating, useMediaQuery, useTheme, type ChipProps } from '@mui/material';
import type { ClientType } from '@casa/shared-schema';

const TYPE_COLORS: Record<ClientType, ChipProps['color']> = {
  Comprador: 'primary',
  Vendedor: 'success',
  Investidor: 'secondary',
};

export function ClientTypeChip({ type }: { type: ClientType }) {
  return <Chip size="small" label={type} color={TYPE_COLORS[type] ?? 'default'} data-testid="client-type" />;
}

/** A tag in its colour; the label is cut at 120 px (spec 2 §2), the full name stays in the tooltip. */
export function TagChip({
  name,
  tagColor,
  truncate = true,
  ...rest
}: { name: string; tagColor: string; truncate?: boolean } & Omit<ChipProps, 'color'>) {
  return (
    <Chip
      size="small"
      label={name}
      title={name}
      sx={{
        bgcolor: tagColor,
        color: '#fff',
        fontWeight: 600,
        '& .MuiChip-label': truncate ? { maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' } : {},
        '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,0.8)' },
      }}
      {...rest}
    />
  );
}

export const starsLabel = (value: number) => `${value} ${value === 1 ? 'estrela' : 'estrelas'}`;

export function StarRating({ value }: { value: number }) {
  return <Rating value={value} readOnly size="small" getLabelText={starsLabel} />;
}

/** Dialogs take the whole screen below 600 px. */
export function useFullScreenDialog(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
