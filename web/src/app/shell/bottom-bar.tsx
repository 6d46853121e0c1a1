import { useRouterState } from '@tanstack/react-router';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import type { Role } from '@casa/shared-schema';
import { activeItem, bottomBarItems } from '../navigation';
import { BOTTOM_BAR_HEIGHT } from './breakpoints';
import { navIcon } from './nav-icons';
import { RouterListItem } from './router-list-item';

/** Mobile bottom bar per role (docs/product.md#shell); shown below 768 px only. */
export function BottomBar({ role }: { role: Role }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = bottomBarItems(role);
  const current = activeItem(items, pathname)?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label="Navegação rápida"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation value={current} showLabels sx={{ height: BOTTOM_BAR_HEIGHT }}>
        {items.map((item) => {
          const Icon = navIcon(item.to, role);
          return (
            <BottomNavigationAction
              key={item.to}
              value={item.to}
              label={item.label}
              icon={<Icon />}
              component={RouterListItem}
              to={item.to}
              aria-current={current === item.to ? 'page' : undefined}
              sx={{ minWidth: 0, px: 0.5 }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
