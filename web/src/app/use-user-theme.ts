import { useCallback, useEffect } from 'react';
import { useToast } from '../ui/toast-provider';
import { errorMessages } from '@casa/shared-schema';
import { userSettings } from '../features/settings/user-settings.api';
import { useDensity, useThemeMode, type ThemeMode } from './theme-mode-provider';

/**
 * The theme and the density live in the user's settings (appearance.theme, default system, and
 * appearance.compactMode, docs/product.md#shell). The device keeps a copy of each (localStorage) so the first paint
 * and offline starts already use them.
 */
export function useUserTheme(userId: string) {
  const { mode, resolvedMode, setMode } = useThemeMode();
  const { setCompact } = useDensity();
  const toast = useToast();

  useEffect(() => {
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
  }, [userId, setMode, setCompact]);

  const choose = useCallback(
    (next: ThemeMode) => {
      setMode(next);
      userSettings.save({ appearance: { theme: next } }).catch((error: unknown) => {
        console.error(error);
        toast({ title: errorMessages.settingsSaveError, variant: 'destructive' });
      });
    },
    [setMode, toast],
  );

  return { mode, resolvedMode, choose };
}
