import type { ReactNode } from 'react';
import { Navigate } from '@tanstack/react-router';
import type { CurrentUser } from '@casa/shared-schema';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { useSession } from './session.queries';

/** Logged-out pages (login, register): a signed-in user is sent home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user) return <Navigate to="/" replace />;
  return children;
}

/**
 * Pages that exist only for a signed-in user. Logged out, they fall into the not-found page, as the
 * logged-out route table (docs/product.md#accounts) does not have them.
 */
export function SignedInOnly({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user } = useSession();
  if (!user) return <NotFoundScreen />;
  return children(user);
}
