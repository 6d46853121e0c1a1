import { Box, Typography } from '@mui/material';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { RouterButton } from './router-link';

/** Full screen when logged out; inside the app frame (`embedded`) when signed in. */
export function NotFoundScreen({ embedded = false }: { embedded?: boolean }) {
  return (
    <Box
      component={embedded ? 'div' : 'main'}
      sx={{
        minHeight: embedded ? '60vh' : '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
      }}
    >
      <SearchOffRoundedIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Página não encontrada
      </Typography>
      <Typography color="textSecondary">O endereço que procura não existe ou foi movido.</Typography>
      <RouterButton to="/" variant="contained">
        Voltar ao início
      </RouterButton>
    </Box>
  );
}
