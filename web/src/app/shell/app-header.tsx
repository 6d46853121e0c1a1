import { AppBar, Box, IconButton, Toolbar } from '@mui/material';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { AccountMenu } from '../../features/auth/account-menu';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useSyncState } from '../use-sync-state';
import { useRejectionToasts } from '../use-rejection-toasts';
import { useSyncClient } from '../../data/sync-provider';
import { HeaderSearch } from './header-search';
import { SyncIndicator } from './sync-indicator';
import { ThemeToggle } from './theme-toggle';

/** Header (docs/product.md#shell): search box, theme toggle, notification bell, account menu; plus the sync state. */
export function AppHeader({
  user,
  wide,
  drawerOpen,
  onOpenMenu,
}: {
  user: CurrentUser;
  wide: boolean;
  drawerOpen: boolean;
  onOpenMenu: () => void;
}) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 }, minHeight: 64 }}>
        {!wide && (
          <IconButton
            aria-label="Abrir menu"
            aria-controls="app-drawer"
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={onOpenMenu}
            edge="start"
          >
            <MenuRoundedIcon />
          </IconButton>
        )}
        <HeaderSearch users={user.role === 'super_admin'} />
        <Box sx={{ flexGrow: 1 }} />
        <HeaderSyncIndicator />
        <ThemeToggle user={user} />
        {user.role !== 'super_admin' && <NotificationBell />}
        <AccountMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}

/**
 * The sync state in its own component: the engine's state changes at every page of a first sync, and
 * each change re-rendered the whole header (search, bell, account menu) in one task (issue 19).
 */
function HeaderSyncIndicator() {
  const sync = useSyncState();
  const client = useSyncClient();
  useRejectionToasts(sync.rejected);
  return (
    <SyncIndicator
      state={sync}
      onDismissRejected={client ? (id) => void client.engine.dismissRejected(id) : undefined}
    />
  );
}
