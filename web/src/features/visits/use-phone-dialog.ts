import { useMediaQuery, useTheme } from '@mui/material';

/** The visit dialogs fill the screen below 600 px (phones), as the follow-up dialogs do. */
export function usePhoneDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
