import {
  createContext,
  useCallback,
  useContext,
  useInsertionEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useMediaQuery } from '@mui/material';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { readCompactMode, storeCompactMode } from './density';
import { makeTheme } from './theme';
import { installThemeVars } from './theme-vars';

export type ThemeMode = 'light' | 'dark' | 'system';

const MODE_STORAGE_KEY = 'casa-theme-mode';

type Density = { compact: boolean; setCompact: (compact: boolean) => void };
const DensityContext = createContext<Density>({ compact: false, setCompact: () => {} });

/**
 * Light, dark or system (the default, following the device), kept in localStorage by MUI; and the
 * density ('Modo compacto'), kept in localStorage by density.ts. useUserTheme feeds both from the
 * user's settings once they load.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [compact, setCompactState] = useState(readCompactMode);
  const theme = useMemo(() => makeTheme({ compact }), [compact]);
  const setCompact = useCallback((next: boolean) => {
    storeCompactMode(next);
    setCompactState(next);
  }, []);
  const density = useMemo(() => ({ compact, setCompact }), [compact, setCompact]);
  // The default theme's variables are a static sheet (theme-vars.ts); the provider writes them only for the
  // compact density, whose spacing and line heights differ.
  useInsertionEffect(() => installThemeVars(), []);
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      disableTransitionOnChange
      disableStyleSheetGeneration={!compact}
    >
      <CssBaseline enableColorScheme />
      <DensityContext.Provider value={density}>{children}</DensityContext.Provider>
    </ThemeProvider>
  );
}

export function useDensity(): Density {
  return useContext(DensityContext);
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
