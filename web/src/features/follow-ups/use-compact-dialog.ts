import { useMediaQuery, useTheme } from '@mui/material';

/** Dialogs fill the screen below 600 px (phones). */
export function useCompactDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
