import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { userInitials } from '@casa/shared-schema/values';
import { useOpenedOnce } from '../../lib/later-mount';
import { useReplicaLogout } from './replica-logout.actions';
import { displayName } from './user-display.logic';

/** Header account menu (docs/product.md#accounts): Configurações and Terminar Sessão. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const menuMounted = useOpenedOnce(anchor !== null);
  const { logout, dialog } = useReplicaLogout();

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        // The visible initials are part of the name (WCAG 2.5.3, label in name).
        aria-label={`${userInitials(user)} — Conta de ${displayName(user)}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        size="small"
      >
        <Avatar
          src={user.profileImageUrl ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {userInitials(user)}
        </Avatar>
      </IconButton>
      {menuMounted && (
        <Menu
          id="account-menu"
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
        >
          <Box sx={{ px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{displayName(user)}</Typography>
            <Typography variant="body2" color="textSecondary" noWrap>
              {user.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              void navigate({ to: '/settings' });
            }}
          >
            <ListItemIcon>
              <SettingsRoundedIcon fontSize="small" />
            </ListItemIcon>
            Configurações
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutRoundedIcon fontSize="small" />
            </ListItemIcon>
            Terminar Sessão
          </MenuItem>
        </Menu>
      )}
      {dialog}
    </>
  );
}
