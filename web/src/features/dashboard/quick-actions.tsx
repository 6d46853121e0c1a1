import { Box } from '@mui/material';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import PhoneForwardedRoundedIcon from '@mui/icons-material/PhoneForwardedRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import { RouterButton } from '../../ui/router-link';
import { DashboardCard } from './dashboard-card';

const buttonSx = { justifyContent: 'flex-start', py: 1.25, textAlign: 'left' } as const;

/** docs/product.md#dashboard quick actions: the three create ones need canCreate; the search is open to all. */
export function QuickActions({ canCreate }: { canCreate: boolean }) {
  return (
    <DashboardCard title="Ações Rápidas" icon={<BoltRoundedIcon />} tone="info">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {canCreate && (
          <>
            <RouterButton
              to="/clients"
              search={{ action: 'create' }}
              variant="contained"
              startIcon={<PersonAddAlt1RoundedIcon />}
              sx={buttonSx}
            >
              Novo Cliente
            </RouterButton>
            <RouterButton
              to="/followups"
              search={{ action: 'create' }}
              variant="outlined"
              startIcon={<EventAvailableRoundedIcon />}
              sx={buttonSx}
            >
              Agendar Follow-up
            </RouterButton>
            <RouterButton
              to="/coldcalls"
              variant="outlined"
              startIcon={<PhoneForwardedRoundedIcon />}
              sx={buttonSx}
            >
              Iniciar Cold Calls
            </RouterButton>
          </>
        )}
        <RouterButton to="/search" variant="outlined" startIcon={<SearchRoundedIcon />} sx={buttonSx}>
          Pesquisar Clientes
        </RouterButton>
      </Box>
    </DashboardCard>
  );
}
