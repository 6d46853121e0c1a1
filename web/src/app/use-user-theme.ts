import { useCallback, useEffect } from 'react';
import { useToast } from '../ui/toast-provider';
import { errorMessages } from '@casa/shared-schema';
import { userSettings } from '../features/settings/user-settings.api';
import { useThemeMode, type ThemeMode } from './theme-mode-provider';

/**
 * The theme lives in the user's settings (appearance.theme, default system, spec 1 §4). The device keeps
 * a copy (MUI's localStorage key) so the first paint and offline starts already use it.
 */
export function useUserTheme(userId: string) {
  const { mode, resolvedMode, setMode } = useThemeMode();
  const toast = useToast();

  useEffect(() => {
    let alive = true;
    userSettings.load().then(
      (settings) => alive && setMode(settings.appearance.theme),
      () => {
        // Offline or failing: the device's copy stays in force.
      },
    );
    return () => {
      alive = false;
    };
  }, [userId, setMode]);

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
