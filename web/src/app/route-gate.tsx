import { Suspense, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { useSession } from '../features/auth/session.queries';
import { NotFoundScreen } from '../ui/not-found-screen';
import { canOpen, type Audience } from './navigation';

function ScreenLoading() {
  return (
    <Box role="status" aria-label="A carregar" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}

/**
 * A route body for the given audience (docs/product.md#shell): anyone else falls into the not-found fallback, which
 * is what the route tables of the other login states say. Lazy screens load inside the app frame.
 */
export function RouteGate({
  audience,
  children,
}: {
  audience: Audience;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user } = useSession();
  if (!user) return <NotFoundScreen />;
  if (!canOpen(audience, user.role)) return <NotFoundScreen embedded />;
  return <Suspense fallback={<ScreenLoading />}>{children(user)}</Suspense>;
}
