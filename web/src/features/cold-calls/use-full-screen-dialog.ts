import { useMediaQuery, useTheme } from '@mui/material';

/** Dialogs take the whole screen below 600 px (phones). */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
