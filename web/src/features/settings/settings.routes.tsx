import { createRoute } from '@tanstack/react-router';
import { Typography } from '@mui/material';
import { rootRoute } from '../../app/root-route';
import { SignedInLayout } from '../../app/signed-in-layout';
import { SignedInOnly } from '../auth/guards';

// Placeholder so the account menu's 'Configurações' has a target; the settings screens come later.
export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: function SettingsPage() {
    return (
      <SignedInOnly>
        {(user) => (
          <SignedInLayout user={user}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              Configurações
            </Typography>
          </SignedInLayout>
        )}
      </SignedInOnly>
    );
  },
});
