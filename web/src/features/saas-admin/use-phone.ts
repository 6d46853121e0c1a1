import { useMediaQuery, useTheme } from '@mui/material';

/** Dialogs go full screen below 600 px. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
