import type { ThemeMode } from './theme-mode-provider';

export const THEME_LABELS: Record<ThemeMode, string> = {
  light: 'Claro',
  dark: 'Escuro',
  system: 'Sistema',
};

export const THEME_MODES: ThemeMode[] = ['light', 'dark', 'system'];
