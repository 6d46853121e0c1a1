import type { ReactNode } from 'react';
import { AppBar, Box, Container, Toolbar } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { AccountMenu } from '../features/auth/account-menu';
import { BrandLogo } from '../ui/brand-logo';
import { RouterLink } from '../ui/router-link';

/** The signed-in frame: header with the account menu. The sidebar and bottom bar come with the full shell. */
export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <RouterLink to="/" underline="none" color="inherit" aria-label="Início">
            <BrandLogo />
          </RouterLink>
          <Box sx={{ flexGrow: 1 }} />
          <AccountMenu user={user} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
        {children}
      </Container>
    </Box>
  );
}
