import { Chip, Rating, useMediaQuery, useTheme, type ChipProps } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import type { ClientType } from '@casa/shared-schema';

// Darker shades where white text on the main colour falls under 4.5:1 (axe colour contrast).
const TYPE_COLORS: Record<ClientType, { bgcolor: string; color: string }> = {
  Comprador: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  Vendedor: { bgcolor: 'success.dark', color: '#fff' },
  Investidor: { bgcolor: 'secondary.dark', color: '#fff' },
};

export function ClientTypeChip({ type }: { type: ClientType }) {
  return (
    <Chip
      size="small"
      label={type}
      sx={{ ...TYPE_COLORS[type], fontWeight: 600 }}
      data-testid="client-type"
    />
  );
}

const DARK_TEXT = '#000';

/** White or near-black, whichever reads better on the tag colour (WCAG contrast). */
export function tagTextColor(background: string): string {
  try {
    return getContrastRatio(background, '#fff') >= getContrastRatio(background, DARK_TEXT)
      ? '#fff'
      : DARK_TEXT;
  } catch {
    return DARK_TEXT;
  }
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
        color: tagTextColor(tagColor),
        fontWeight: 600,
        '& .MuiChip-label': truncate ? { maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' } : {},
        '& .MuiChip-deleteIcon': { color: tagTextColor(tagColor), opacity: 0.75 },
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
