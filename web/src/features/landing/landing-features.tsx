import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Typography } from '@mui/material';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <PeopleAltRoundedIcon />,
    title: 'Gestão de Clientes',
    text: 'Compradores, vendedores e investidores com orçamento, zonas preferidas, etiquetas e histórico de interações.',
  },
  {
    icon: <EventAvailableRoundedIcon />,
    title: 'Follow-ups Inteligentes',
    text: 'Agenda de hoje, atrasados em destaque e lembretes 30 minutos antes. Conclua e agende o próximo num só passo.',
  },
  {
    icon: <PhoneInTalkRoundedIcon />,
    title: 'Cold Calls e Maratona',
    text: 'Gere listas de contactos por filtros e ligue em sequência, registando o resultado de cada chamada.',
  },
  {
    icon: <ManageSearchRoundedIcon />,
    title: 'Pesquisa Avançada',
    text: 'Encontre qualquer cliente por nome, telefone, notas ou etiquetas, com filtros por zona, tipo e orçamento.',
  },
  {
    icon: <InsightsRoundedIcon />,
    title: 'Relatórios',
    text: 'Indicadores de desempenho, taxa de conversão e distribuição de clientes, com exportação e importação CSV.',
  },
  {
    icon: <CloudOffRoundedIcon />,
    title: 'Funciona Offline',
    text: 'Instale a app no telemóvel e trabalhe sem rede: tudo é sincronizado quando voltar a ter ligação.',
  },
];

/** The six feature cards. */
export function LandingFeatures() {
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Typography
          id="features-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 1 }}
        >
          Tudo o que precisa para vender mais
        </Typography>
        <Typography color="textSecondary" sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          Pensado para o dia a dia de quem vive de contactos e visitas.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {FEATURES.map((f) => (
            <Card key={f.title} variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Box
                  aria-hidden
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    mb: 2,
                  }}
                >
                  {f.icon}
                </Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {f.title}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {f.text}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
