import { createContext, useContext, useState, type ReactNode } from 'react';
import { createSessionStore, localUserCache, type SessionStore } from './session-store';
import { useCurrentUser, type CurrentUserState } from './use-current-user';

const SessionContext = createContext<CurrentUserState | null>(null);

/** Runs the one current-user poll of the app and shares it. */
export function SessionProvider({ children, store }: { children: ReactNode; store?: SessionStore }) {
  const [own] = useState(() => store ?? createSessionStore({ cache: localUserCache }));
  const state = useCurrentUser(own);
  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): CurrentUserState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}
