import { Box, CircularProgress, Typography } from '@mui/material';
import { PRODUCT_NAME } from '../app/product';

export function FullScreenSpinner() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="textSecondary">Carregando {PRODUCT_NAME}...</Typography>
    </Box>
  );
}
