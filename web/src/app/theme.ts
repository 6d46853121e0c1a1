import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { ptPT } from '@mui/material/locale';

// The theme uses CSS variables (`cssVariables` below): MUI's types follow it (`theme.vars`, and the provider's
// `disableStyleSheetGeneration`, theme-mode-provider.tsx).
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

/** Brand colours; the dark scheme reuses them lighter so contrast holds on dark surfaces. */
const brand = { primary: '#1d4e89', primaryLight: '#7fb0ec', secondary: '#e07a1f' };

/** The spacing unit: every margin, padding, gap and grid spacing of the app is a multiple of it. */
export const SPACING = { comfortable: 8, compact: 6 } as const;

/**
 * 'Modo compacto': a smaller spacing unit (so every card, list, form and grid tightens at once) and the
 * small / dense variants of the controls that lists and forms are made of.
 */
const compactComponents: ThemeOptions['components'] = {
  MuiButton: { defaultProps: { disableElevation: true, size: 'small' } },
  MuiIconButton: { defaultProps: { size: 'small' } },
  MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  MuiFormControl: { defaultProps: { size: 'small' } },
  MuiSelect: { defaultProps: { size: 'small' } },
  MuiToggleButtonGroup: { defaultProps: { size: 'small' } },
  MuiChip: { defaultProps: { size: 'small' } },
  MuiTable: { defaultProps: { size: 'small' } },
  MuiList: { defaultProps: { dense: true } },
  MuiListItemButton: { defaultProps: { dense: true } },
  MuiMenuItem: { defaultProps: { dense: true } },
  MuiToolbar: { defaultProps: { variant: 'dense' } },
  MuiFab: { defaultProps: { size: 'medium' } },
  // MUI pads cards with fixed pixels (16, 24 at the bottom); compact pads them with the spacing unit.
  MuiCardContent: {
    styleOverrides: {
      root: ({ theme }) => ({
        padding: theme.spacing(2),
        '&:last-child': { paddingBottom: theme.spacing(2) },
      }),
    },
  },
};

const compactLineHeights = {
  body1: { lineHeight: 1.35 },
  body2: { lineHeight: 1.3 },
  subtitle1: { lineHeight: 1.4 },
  h6: { lineHeight: 1.3 },
  caption: { lineHeight: 1.3 },
};

export function makeTheme({ compact = false }: { compact?: boolean } = {}) {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: {
          palette: {
            primary: { main: brand.primary },
            secondary: { main: brand.secondary },
            background: { default: '#f4f6fa', paper: '#ffffff' },
          },
        },
        dark: {
          palette: {
            primary: { main: brand.primaryLight },
            secondary: { main: brand.secondary },
            // The default red is too dark for text on the dark surfaces (axe colour contrast).
            error: { main: '#ff8a80' },
            background: { default: '#0f1620', paper: '#17202c' },
          },
        },
      },
      spacing: compact ? SPACING.compact : SPACING.comfortable,
      shape: { borderRadius: 10 },
      typography: {
        fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
        // Compact keeps the font sizes (readable on a phone) and tightens the lines.
        ...(compact ? compactLineHeights : {}),
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { fullWidth: true } },
        // Stacks space their children with a flex gap. MUI's default spacing writes sibling rules
        // (`X > :not(style) ~ :not(style)`), and with one such rule anywhere, Chromium restyles every descendant
        // of a parent that gains a child: each step of the follow-ups list restyled all its cards (issue 19,
        // docs/decisions.md stop 38; theme-stack.test.tsx).
        MuiStack: { defaultProps: { useFlexGap: true } },
        ...(compact ? compactComponents : {}),
        // docs/product.md#shell: tooltip delay 700 ms.
        MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
      },
    },
    ptPT,
  );
}
