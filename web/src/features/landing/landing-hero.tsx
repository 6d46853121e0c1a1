import { Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { RouterButton } from '../../ui/router-link';

const AGENDA = [
  { time: '10:00', text: 'Ligar a Ana Ferreira — T3 em Alvalade', done: true },
  { time: '11:30', text: 'Visita com Rui Costa — moradia em Cascais', done: false },
  { time: '15:00', text: 'Enviar proposta a Marta Lopes', done: false },
];

/** A small picture of the app built from markup (no image to download on the first paint). */
function AgendaPreview() {
  return (
    <Paper
      elevation={8}
      aria-hidden
      sx={{ p: 2.5, borderRadius: 3, width: '100%', maxWidth: 380, mx: 'auto', transform: 'rotate(-1deg)' }}
    >
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Follow-ups de hoje
      </Typography>
      <Stack spacing={1.25}>
        {AGENDA.map((item) => (
          <Stack
            key={item.time}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', p: 1.25, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main', minWidth: 44 }}>
              {item.time}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, textDecoration: item.done ? 'line-through' : 'none' }}>
              {item.text}
            </Typography>
            {item.done && <CheckCircleRoundedIcon fontSize="small" color="success" />}
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Chip size="small" color="primary" label="12 chamadas hoje" />
        <Chip size="small" variant="outlined" label="Conversão 28%" />
      </Stack>
    </Paper>
  );
}

/** Hero: the promise, 'Começar Teste Grátis' (dialog) and 'Ver Demonstração' (/login). */
export function LandingHero({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      sx={{
        py: { xs: 6, md: 10 },
        background: (theme) =>
          `linear-gradient(180deg, ${theme.palette.action.hover} 0%, ${theme.palette.background.default} 100%)`,
      }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 5, md: 8 }}
          sx={{ alignItems: 'center' }}
        >
          <Box sx={{ flex: 1.1, textAlign: { xs: 'center', md: 'left' } }}>
            <Chip
              label="14 dias grátis em todos os planos"
              color="primary"
              variant="outlined"
              sx={{ mb: 2, fontWeight: 600, bgcolor: 'background.paper' }}
            />
            <Typography
              id="landing-title"
              variant="h2"
              component="h1"
              sx={{
                fontWeight: 800,
                fontSize: { xs: '2.1rem', sm: '2.8rem', md: '3.3rem' },
                lineHeight: 1.1,
              }}
            >
              O CRM para agentes imobiliários que funciona mesmo sem internet
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="textSecondary"
              sx={{ mt: 2, fontWeight: 400, maxWidth: 560, mx: { xs: 'auto', md: 0 } }}
            >
              Clientes, follow-ups, cold calls e relatórios num só lugar — no escritório, no carro ou numa
              visita sem rede.
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ mt: 4, justifyContent: { xs: 'center', md: 'flex-start' } }}
            >
              <Button variant="contained" size="large" onClick={onStartTrial}>
                Começar Teste Grátis
              </Button>
              <RouterButton to="/login" variant="outlined" size="large">
                Ver Demonstração
              </RouterButton>
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
              Sem cartão de crédito. Cancele quando quiser.
            </Typography>
          </Box>
          <Box sx={{ flex: 1, width: '100%' }}>
            <AgendaPreview />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
