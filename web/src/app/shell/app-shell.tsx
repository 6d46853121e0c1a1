import { useState, type ReactNode } from 'react';
import { Box, Drawer, useMediaQuery } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { useReplicaSettled } from '../../data/sync-state';
import { usePushRegistration } from '../../features/notifications/use-push-registration';
import { useLaterMount } from '../../lib/later-mount';
import { InstallBanner } from '../pwa/install-banner';
import { UpdatePrompt } from '../pwa/update-prompt';
import { AppHeader } from './app-header';
import { BottomBar } from './bottom-bar';
import { BOTTOM_BAR_HEIGHT, SIDEBAR_WIDTH, WIDE_SCREEN_QUERY } from './breakpoints';
import { SidebarNav } from './sidebar-nav';

/**
 * The signed-in frame: a permanent sidebar on wide screens; below 768 px a slide-in drawer with a dark
 * overlay (closing on the overlay or an item) and the bottom bar.
 */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  // The closed drawer (phones) mounts after the first paint: nobody can open it before, and its slide
  // transition reads the page's layout as it mounts (a forced layout in the first commit, issue 19).
  const later = useLaterMount();
  const drawerMounted = later || drawerOpen;
  // The super admin has no notification bell, so no push either.
  usePushRegistration(user.id, user.role !== 'super_admin');

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {wide ? (
        // The column (background, border) runs the page's full height; the menu inside stays in view.
        <Box
          component="aside"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            alignSelf: 'stretch',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ position: 'sticky', top: 0, height: '100dvh', overflowY: 'auto' }}>
            <SidebarNav role={user.role} />
          </Box>
        </Box>
      ) : (
        drawerMounted && <PhoneDrawer role={user.role} open={drawerOpen} onClose={closeDrawer} />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader user={user} wide={wide} drawerOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
        <Box
          component="main"
          id="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            pt: { xs: 2.5, sm: 4 },
            pb: wide ? 4 : `${BOTTOM_BAR_HEIGHT + 24}px`,
          }}
        >
          {/* The screen mounts one commit after the frame, in a transition (sliced): on a reload, frame and
              screen in one commit were the start's longest task (130–250 ms at 4× CPU, issue 19). */}
          {later && children}
        </Box>
      </Box>
      {!wide && <BottomBar role={user.role} />}
      <ShellInstallBanner aboveBottomBar={!wide} />
      <UpdatePrompt />
    </Box>
  );
}

/**
 * The install banner, held while the replica's first sync runs: that sync's notice floats in the same place
 * (ui/first-sync-notice.tsx). Its own component, so the sync's progress re-renders only it, not the shell.
 */
function ShellInstallBanner({ aboveBottomBar }: { aboveBottomBar: boolean }) {
  const client = useSyncClient();
  const settled = useReplicaSettled(client);
  return <InstallBanner aboveBottomBar={aboveBottomBar} held={client !== null && !settled} />;
}

/** The phones' slide-in menu with its dark overlay, closing on the overlay or an item. */
function PhoneDrawer({
  role,
  open,
  onClose,
}: {
  role: CurrentUser['role'];
  open: boolean;
  onClose: () => void;
}) {
  // Its menu mounts one step later again, in its own transition: two small commits rather than one.
  const menu = useLaterMount() || open;
  return (
    <Drawer
      id="app-drawer"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{
        paper: { sx: { width: SIDEBAR_WIDTH } },
        backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.6)' }, 'data-testid': 'drawer-overlay' } as object,
      }}
    >
      {menu && <SidebarNav role={role} onNavigate={onClose} />}
    </Drawer>
  );
}
