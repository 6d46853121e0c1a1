import { createTheme } from '@mui/material/styles';
import { ptPT } from '@mui/material/locale';

/** Brand colours; the dark scheme reuses them lighter so contrast holds on dark surfaces. */
const brand = { primary: '#1d4e89', primaryLight: '#7fb0ec', secondary: '#e07a1f' };

export const theme = createTheme(
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
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // Spec 1 §9: tooltip delay 700 ms.
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    },
  },
  ptPT,
);
