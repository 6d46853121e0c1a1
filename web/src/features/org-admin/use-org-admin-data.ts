import { useCallback, useEffect, useState } from 'react';
import type { OrganizationDetails, OrganizationStats, User } from '@casa/shared-schema';
import { loadOrganization, loadOrganizationStats, loadOrganizationUsers } from './org-admin.api';

export type OrgAdminData = { organization: OrganizationDetails; users: User[]; stats: OrganizationStats };

type State = { kind: 'loading' } | { kind: 'ready'; data: OrgAdminData } | { kind: 'failed'; error: unknown };

/**
 * The organization, its users and its figures, loaded together from the server. `reload` fetches them
 * again (retry, and after every change so the counts stay the server's).
 */
export function useOrgAdminData(enabled: boolean) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    Promise.all([loadOrganization(), loadOrganizationUsers(), loadOrganizationStats()]).then(
      ([organization, users, stats]) =>
        alive && setState({ kind: 'ready', data: { organization, users, stats } }),
      (error: unknown) => alive && setState({ kind: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [enabled, round]);

  /** Loads again; `quiet` keeps the current figures on screen meanwhile. */
  const reload = useCallback((quiet = false) => {
    if (!quiet) setState({ kind: 'loading' });
    setRound((n) => n + 1);
  }, []);

  return { state, reload };
}
