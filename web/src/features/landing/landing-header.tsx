import { Box, Button, Container, Stack } from '@mui/material';
import { BrandLogo } from '../../ui/brand-logo';
import { RouterButton } from '../../ui/router-link';

/** Sticky top bar: the logo, a jump to the prices and the login button. */
export function LandingHeader() {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        pt: 'env(safe-area-inset-top)',
      }}
    >
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1.25 }}>
          <BrandLogo />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button href="#pricing" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              Preços
            </Button>
            <RouterButton to="/login" variant="outlined">
              Iniciar Sessão
            </RouterButton>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
