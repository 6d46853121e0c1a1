import { useCallback, useEffect } from 'react';
import type { CurrentUser, UserSettingsUpdate } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useOwnAppearance } from '../data/own-settings';
import { replicaSessionOf, useSyncClient } from '../data/sync-provider';
import { useToast } from '../ui/toast-provider';
import { userSettings } from '../features/settings/user-settings.api';
import { useDensity, useThemeMode, type ThemeMode } from './theme-mode-provider';

/**
 * The theme and the density live in the user's settings (appearance.theme, default system, and
 * appearance.compactMode, docs/product.md#shell). The device keeps a copy of each (localStorage) so the first paint
 * already uses them. An organization member reads and writes them through the replica (offline too);
 * the super admin, who has none, through the API.
 */
export function useUserTheme(user: CurrentUser) {
  const { mode, resolvedMode, setMode } = useThemeMode();
  const { setCompact } = useDensity();
  const toast = useToast();
  const sync = useSyncClient();
  const replicated = replicaSessionOf(user) !== null;
  // Only a stored row: before the replica's first sync the device's copy stays in force.
  const appearance = useOwnAppearance(user.id);
  const savedTheme = appearance?.theme;
  const savedCompact = appearance?.compactMode;

  useEffect(() => {
    if (savedTheme !== undefined) setMode(savedTheme);
    if (savedCompact !== undefined) setCompact(savedCompact);
  }, [savedTheme, savedCompact, setMode, setCompact]);

  useEffect(() => {
    if (replicated) return;
    let alive = true;
    userSettings.load().then(
      (settings) => {
        if (!alive) return;
        setMode(settings.appearance.theme);
        setCompact(settings.appearance.compactMode);
      },
      () => {
        // Offline or failing: the device's copy stays in force.
      },
    );
    return () => {
      alive = false;
    };
  }, [user.id, replicated, setMode, setCompact]);

  const choose = useCallback(
    (next: ThemeMode) => {
      setMode(next);
      const patch: UserSettingsUpdate = { appearance: { theme: next } };
      const saved = replicated
        ? sync
          ? sync.mutate.updateSettings(patch)
          : Promise.reject(new Error('replica not open'))
        : userSettings.save(patch);
      saved.catch((error: unknown) => {
        console.error(error);
        toast({ title: errorMessages.settingsSaveError, variant: 'destructive' });
      });
    },
    [setMode, toast, replicated, sync],
  );

  return { mode, resolvedMode, choose };
}
