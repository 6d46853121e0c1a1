import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import DarkModeRoundedIcon from '@mui/icons-material/DarkModeRounded';
import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import SettingsBrightnessRoundedIcon from '@mui/icons-material/SettingsBrightnessRounded';
import type { CurrentUser } from '@casa/shared-schema';
import { THEME_LABELS, THEMES } from '@casa/shared-schema/values';
import type { ThemeMode } from '../theme-mode-provider';
import { useOpenedOnce } from '../../lib/later-mount';
import { useUserTheme } from '../use-user-theme';
import { LaterTooltip } from '../../ui/later-tooltip';

const ICONS: Record<ThemeMode, typeof LightModeRoundedIcon> = {
  light: LightModeRoundedIcon,
  dark: DarkModeRoundedIcon,
  system: SettingsBrightnessRoundedIcon,
};

/** Header theme toggle: light, dark or system, saved in the user's settings. */
export function ThemeToggle({ user }: { user: CurrentUser }) {
  const { mode, choose } = useUserTheme(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuMounted = useOpenedOnce(anchor !== null);
  const Icon = ICONS[mode];
  const label = `Tema: ${THEME_LABELS[mode]}`;
  return (
    <>
      <LaterTooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'theme-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Icon />
        </IconButton>
      </LaterTooltip>
      {menuMounted && (
        <Menu
          id="theme-menu"
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {THEMES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <MenuItem
                key={option}
                role="menuitemradio"
                aria-checked={option === mode}
                selected={option === mode}
                onClick={() => {
                  setAnchor(null);
                  choose(option);
                }}
              >
                <ListItemIcon>
                  <OptionIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{THEME_LABELS[option]}</ListItemText>
                {option === mode && <CheckRoundedIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}
