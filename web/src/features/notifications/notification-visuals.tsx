import type SvgIcon from '@mui/material/SvgIcon';
import CakeRoundedIcon from '@mui/icons-material/CakeRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import InfoRoundedIcon from '@mui/icons-material/InfoRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import type { NotificationType } from '@casa/shared-schema';

type Visual = {
  Icon: typeof SvgIcon;
  color: 'primary' | 'secondary' | 'error' | 'success' | 'warning' | 'info';
};

/** Each notification type has its own icon and colour (docs/product.md#notifications). */
export const NOTIFICATION_VISUALS: Record<NotificationType, Visual> = {
  follow_up: { Icon: EventRepeatRoundedIcon, color: 'primary' },
  birthday: { Icon: CakeRoundedIcon, color: 'secondary' },
  overdue_task: { Icon: WarningAmberRoundedIcon, color: 'error' },
  new_client: { Icon: PersonAddAlt1RoundedIcon, color: 'success' },
  cold_call: { Icon: PhoneInTalkRoundedIcon, color: 'warning' },
  system: { Icon: InfoRoundedIcon, color: 'info' },
  property_match: { Icon: HomeWorkRoundedIcon, color: 'success' },
};

export function notificationVisual(type: string): Visual {
  return NOTIFICATION_VISUALS[type as NotificationType] ?? NOTIFICATION_VISUALS.system;
}
