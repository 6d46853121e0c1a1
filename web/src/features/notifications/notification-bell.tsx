import { useState } from 'react';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import NotificationsRoundedIcon from '@mui/icons-material/NotificationsRounded';
import type { Notification } from '@casa/shared-schema';
import {
  errorMessages,
  NOTIFICATION_DROPDOWN_SIZE,
  unreadBadgeText,
  unreadCountText,
} from '@casa/shared-schema/values';
import { useOpenedOnce } from '../../lib/later-mount';
import { RelativeTime } from '../../ui/relative-time';
import { RouterButton } from '../../ui/router-link';
import { notificationVisual } from './notification-visuals';
import { useNotificationFeed } from './use-notification-feed';

const LIST_HEIGHT = 400;

function BellItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const { Icon, color } = notificationVisual(item.type);
  return (
    <ListItem disablePadding>
      <ListItemButton
        onClick={() => onOpen(item)}
        alignItems="flex-start"
        sx={{ gap: 0.5 }}
        data-notification-id={item.id}
        data-read={item.read ? 'true' : 'false'}
      >
        <ListItemAvatar sx={{ minWidth: 48 }}>
          <Avatar sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText`, width: 36, height: 36 }}>
            <Icon fontSize="small" />
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={item.title}
          secondary={
            <>
              {item.body && (
                <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                  {item.body}
                </Typography>
              )}
              <Typography component="span" variant="caption" color="textSecondary">
                <RelativeTime at={item.createdAt} />
              </Typography>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
        />
        {!item.read && (
          <Box
            aria-label="Não lida"
            role="img"
            sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
}

/** Header bell (docs/product.md#notifications): unread badge ('99+' above 99) and a dropdown of the latest 10. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const feed = useNotificationFeed(NOTIFICATION_DROPDOWN_SIZE);
  const unread = feed.data?.unreadCount ?? 0;
  const items = feed.data?.notifications ?? [];
  const close = () => setAnchor(null);
  const popoverMounted = useOpenedOnce(anchor !== null);

  const open = (item: Notification) => {
    if (!item.read) void feed.markRead(item.id).catch((e: unknown) => console.error(e));
  };

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notificações, ${unreadCountText(unread)}` : 'Notificações'}
        aria-haspopup="dialog"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="notification-bell"
      >
        {/* No text at all when there is nothing unread: a hidden '0' would not match the button's name. */}
        <Badge
          badgeContent={unread > 0 ? unreadBadgeText(unread) : null}
          color="error"
          invisible={unread === 0}
          max={Infinity}
        >
          <NotificationsRoundedIcon />
        </Badge>
      </IconButton>
      {popoverMounted && (
        <Popover
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', mt: 1 } } }}
        >
          <Box role="dialog" aria-label="Notificações">
            <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
                Notificações
              </Typography>
              {unread > 0 && (
                <Button
                  size="small"
                  onClick={() => void feed.markAllRead().catch((e: unknown) => console.error(e))}
                >
                  Marcar todas como lidas
                </Button>
              )}
            </Box>
            <Divider />
            <Box sx={{ height: LIST_HEIGHT, overflowY: 'auto' }} data-testid="bell-list">
              {items.length === 0 ? (
                <Typography color="textSecondary" sx={{ p: 3, textAlign: 'center' }}>
                  {errorMessages.noNotifications}
                </Typography>
              ) : (
                <List disablePadding>
                  {items.map((item) => (
                    <BellItem key={item.id} item={item} onOpen={open} />
                  ))}
                </List>
              )}
            </Box>
            <Divider />
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <RouterButton to="/notifications" size="small" onClick={close}>
                Ver todas as notificações
              </RouterButton>
            </Box>
          </Box>
        </Popover>
      )}
    </>
  );
}
