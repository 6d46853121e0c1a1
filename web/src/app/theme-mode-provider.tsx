import type { ReactNode } from 'react';
import { useMediaQuery } from '@mui/material';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { theme } from './theme';

export type ThemeMode = 'light' | 'dark' | 'system';

const MODE_STORAGE_KEY = 'casa-theme-mode';

/**
 * Light, dark or system (the default, following the device). The mode is kept in localStorage by MUI;
 * the settings screen will later feed the user's `appearance.theme` into `setMode`.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function useThemeMode(): {
  mode: ThemeMode;
  resolvedMode: 'light' | 'dark';
  setMode: (mode: ThemeMode) => void;
} {
  const { mode, systemMode, setMode } = useColorScheme();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const current: ThemeMode = mode ?? 'system';
  const system = systemMode ?? (prefersDark ? 'dark' : 'light');
  return { mode: current, resolvedMode: current === 'system' ? system : current, setMode };
}
