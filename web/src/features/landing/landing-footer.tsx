import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '../../app/product';
import { RouterButton } from '../../ui/router-link';

/** Closing call to action. */
export function LandingCallToAction({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{
        py: { xs: 6, md: 9 },
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        textAlign: 'center',
      }}
    >
      <Container maxWidth="md">
        <Typography id="cta-title" variant="h4" component="h2" sx={{ fontWeight: 700 }}>
          Pronto para nunca mais perder um cliente?
        </Typography>
        <Typography sx={{ mt: 1.5, opacity: 0.9 }}>
          Comece hoje o seu teste grátis de 14 dias. Sem cartão de crédito.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button
            variant="contained"
            size="large"
            onClick={onStartTrial}
            sx={{ bgcolor: 'common.white', color: 'primary.main', '&:hover': { bgcolor: 'grey.100' } }}
          >
            Começar Teste Grátis
          </Button>
          <RouterButton
            to="/login"
            size="large"
            variant="outlined"
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
          >
            Ver Demonstração
          </RouterButton>
        </Stack>
      </Container>
    </Box>
  );
}

/** Footer: the privacy, terms and support entries have no pages yet (docs/product.md#sign-up), so they are plain text. */
export function LandingFooter() {
  return (
    <Box
      component="footer"
      sx={{ py: 4, borderTop: 1, borderColor: 'divider', pb: 'max(32px, env(safe-area-inset-bottom))' }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Typography variant="body2" color="textSecondary">
            © {new Date().getFullYear()} {PRODUCT_NAME}. Todos os direitos reservados.
          </Typography>
          <Stack component="ul" direction="row" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {['Privacidade', 'Termos', 'Suporte'].map((label) => (
              <Typography component="li" key={label} variant="body2" color="textSecondary">
                {label}
              </Typography>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
