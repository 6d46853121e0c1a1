import { useRouterState } from '@tanstack/react-router';
import { Box, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { Role } from '@casa/shared-schema';
import { BrandLogo } from '../../ui/brand-logo';
import { isActiveEntry, sidebarItems } from '../navigation';
import { navIcon } from './nav-icons';
import { RouterListItem } from './router-list-item';

/** The role's menu with the product logo on top (docs/product.md#shell). */
export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, height: 64, display: 'flex', alignItems: 'center' }}>
        <BrandLogo />
      </Box>
      <Box component="nav" aria-label="Menu principal" sx={{ px: 1.5, py: 1 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {sidebarItems(role).map((item) => {
            const Icon = navIcon(item.to, role);
            const active = isActiveEntry(item, pathname);
            return (
              <li key={item.to}>
                <ListItemButton
                  component={RouterListItem}
                  to={item.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ borderRadius: 2, '&.Mui-selected': { fontWeight: 700 } }}
                >
                  <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText
                    primary={item.label}
                    slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
