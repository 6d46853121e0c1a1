import { useCallback, useEffect, useState } from 'react';
import type { Organization, Package, SaasStats } from '@casa/shared-schema';
import { loadOrganizations, loadPackages, loadSaasStats } from './saas-admin.api';

export type SaasData = {
  stats: SaasStats | null;
  packages: Package[];
  organizations: Organization[];
  loading: boolean;
  error: unknown;
  reload: () => void;
};

/** The panel's shared lists (online only: the super admin has no replica). Reloaded after every change. */
export function useSaasData(): SaasData {
  const [state, setState] = useState<Omit<SaasData, 'reload'>>({
    stats: null,
    packages: [],
    organizations: [],
    loading: true,
    error: null,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    Promise.all([loadSaasStats(), loadPackages(), loadOrganizations()]).then(
      ([stats, packages, organizations]) =>
        alive && setState({ stats, packages, organizations, loading: false, error: null }),
      (error: unknown) => alive && setState((s) => ({ ...s, loading: false, error })),
    );
    return () => {
      alive = false;
    };
  }, [tick]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    setTick((t) => t + 1);
  }, []);
  return { ...state, reload };
}
