import { Box, Chip, useMediaQuery, useTheme, type ChipProps } from '@mui/material';
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

/** A tag in its colour; the label is cut at 120 px (docs/product.md#clients), the full name stays in the tooltip. */
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

const STAR = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR_BORDER =
  'm22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z';
const STARS_SX = {
  display: 'inline-flex',
  fontSize: '1.125rem',
  color: '#faaf00',
  '& svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
  '& svg[data-empty]': { color: 'action.disabled' },
} as const;

/**
 * A read-only rating: the look of MUI's small Rating (filled and outlined stars, 'N estrelas' for
 * assistive technology) in one element, since every client card shows one.
 */
export function StarRating({ value }: { value: number }) {
  return (
    <Box component="span" role="img" aria-label={starsLabel(value)} sx={STARS_SX}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          data-empty={star > value || undefined}
        >
          <path d={star <= value ? STAR : STAR_BORDER} />
        </svg>
      ))}
    </Box>
  );
}

/** Dialogs take the whole screen below 600 px. */
export function useFullScreenDialog(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
