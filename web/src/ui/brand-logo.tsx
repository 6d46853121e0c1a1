import { Box, Typography } from '@mui/material';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import { PRODUCT_NAME } from '../app/product';

/** Product mark plus name; the sidebar and the auth screens show it. */
export function BrandLogo({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  const large = size === 'large';
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: large ? 44 : 34,
          height: large ? 44 : 34,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <HomeWorkRoundedIcon fontSize={large ? 'medium' : 'small'} />
      </Box>
      <Typography
        component="span"
        variant={large ? 'h5' : 'h6'}
        sx={{ fontWeight: 700, letterSpacing: -0.3 }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
