import { Box, Stack, Typography } from '@mui/material';
import { InstallBanner } from '../../app/pwa/install-banner';
import { BrandLogo } from '../../ui/brand-logo';
import { RouterButton } from '../../ui/router-link';

/** Public placeholder for '/' while logged out; the real landing page (spec 2) replaces it. */
export function LandingScreen() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 3,
        px: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandLogo size="large" />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '3rem' } }}>
        Casa CRM
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        O CRM para agentes imobiliários: clientes, follow-ups e cold calls, mesmo sem internet.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ width: { xs: '100%', sm: 'auto' }, maxWidth: 360 }}
      >
        <RouterButton to="/login" variant="contained" size="large">
          Iniciar Sessão
        </RouterButton>
        <RouterButton to="/register" variant="outlined" size="large">
          Criar Conta
        </RouterButton>
      </Stack>
      <InstallBanner />
    </Box>
  );
}
