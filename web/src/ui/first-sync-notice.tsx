import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, CircularProgress } from '@mui/material';
import { syncingText } from '../app/sync-state';
import { BOTTOM_BAR_HEIGHT, SIDEBAR_WIDTH, WIDE_SCREEN } from '../app/shell/breakpoints';
import { useSyncClient } from '../data/sync-provider';
import { useEngineState } from '../data/sync-state';

/**
 * The replica's first sync is still running: what the screen would count or list has not all arrived,
 * so it says so instead of showing zeros or an empty state, with the rows received so far of the total
 * ('A sincronizar… 12 300 de 51 000').
 * On a screen it floats above the bottom bar, out of the page's flow: in the flow, its removal when the
 * sync ended moved everything below it up (the home's layout shift, CLS 0.145 in Lighthouse mobile).
 * `inline` keeps it in the flow (inside a dialog, whose content stays put).
 */
export function FirstSyncNotice({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const { progress } = useEngineState(useSyncClient());
  const notice = (
    <Alert
      severity="info"
      role="status"
      icon={<CircularProgress size={20} aria-hidden />}
      data-testid="first-sync"
      elevation={inline ? 0 : 6}
    >
      <AlertTitle data-testid="first-sync-progress">{syncingText({ progress })}</AlertTitle>
      {children}
    </Alert>
  );
  if (inline) return notice;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 2,
        left: 12,
        right: 12,
        bottom: `calc(${BOTTOM_BAR_HEIGHT + 12}px + env(safe-area-inset-bottom))`,
        mx: 'auto',
        maxWidth: 560,
        // Wide screens: no bottom bar, and clear of the sidebar.
        [WIDE_SCREEN]: { bottom: 16, left: SIDEBAR_WIDTH + 12 },
      }}
    >
      {notice}
    </Box>
  );
}
