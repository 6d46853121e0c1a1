import { Box, Chip, type ChipProps } from '@mui/material';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import type { PropertyStatus } from '@casa/shared-schema';

const STATUS_COLORS: Record<PropertyStatus, ChipProps['color']> = {
  'Em angariação': 'info',
  Disponível: 'success',
  Reservado: 'warning',
  Vendido: 'secondary',
  Arrendado: 'secondary',
  Retirado: 'default',
};

/** A property's status as a chip: available green, reserved amber, closed deals purple, withdrawn grey. */
export function PropertyStatusChip({ status }: { status: PropertyStatus }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status]} variant="outlined" />;
}

/** The cover thumbnail, or a house drawn on a quiet background when the property has no photo yet. */
export function PropertyThumb({ src, size }: { src: string | undefined; size: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <HomeWorkOutlinedIcon sx={{ fontSize: size / 2.5, color: 'text.disabled' }} aria-hidden />
      )}
    </Box>
  );
}
