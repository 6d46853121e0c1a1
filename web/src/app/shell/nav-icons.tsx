import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import EventNoteRoundedIcon from '@mui/icons-material/EventNoteRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import type { Role } from '@casa/shared-schema';
import { isSuperAdmin } from '../navigation';

type Icon = typeof DashboardRoundedIcon;

const BY_PATH: Record<string, Icon> = {
  '/clients': PeopleAltRoundedIcon,
  '/imoveis': HomeWorkRoundedIcon,
  '/followups': EventNoteRoundedIcon,
  '/coldcalls': PhoneInTalkRoundedIcon,
  '/search': SearchRoundedIcon,
  '/reports': InsightsRoundedIcon,
  '/admin': AdminPanelSettingsRoundedIcon,
  '/settings': SettingsRoundedIcon,
};

/** The icon of a menu entry; '/' is the dashboard, or the SaaS panel for super_admin. */
export function navIcon(to: string, role: Role): Icon {
  if (to === '/') return isSuperAdmin(role) ? CampaignRoundedIcon : DashboardRoundedIcon;
  return BY_PATH[to] ?? DashboardRoundedIcon;
}
