import { memo } from 'react';
import {
  Avatar,
  Box,
  Chip,
  IconButton,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import DoneRoundedIcon from '@mui/icons-material/DoneRounded';
import type { Notification, NotificationType } from '@casa/shared-schema';
import { formatLongDateTime, NOTIFICATION_TYPE_LABELS } from '@casa/shared-schema/values';
import { notificationVisual } from './notification-visuals';
import { skipOffscreen } from '../../ui/skip-offscreen';
import { RelativeTime } from '../../ui/relative-time';

/**
 * One row of the notifications page: unread rows are bold with a dot and a mark-read button. Memoized (the
 * feed keeps unchanged rows' objects, use-notification-feed.ts): a live answer renders only the rows that
 * changed, and the relative times move on by themselves (RelativeTime).
 */
export const NotificationRow = memo(function NotificationRow({
  item,
  onMarkRead,
}: {
  item: Notification;
  onMarkRead: (id: string) => void;
}) {
  const { Icon, color } = notificationVisual(item.type);
  const label = NOTIFICATION_TYPE_LABELS[item.type as NotificationType] ?? item.type;
  return (
    <ListItem
      disablePadding
      sx={skipOffscreen(88)}
      data-testid="notification-row"
      data-read={item.read}
      secondaryAction={
        item.read ? undefined : (
          <Tooltip title="Marcar como lida">
            <IconButton aria-label={`Marcar como lida: ${item.title}`} onClick={() => onMarkRead(item.id)}>
              <DoneRoundedIcon />
            </IconButton>
          </Tooltip>
        )
      }
    >
      <ListItemButton
        alignItems="flex-start"
        onClick={() => !item.read && onMarkRead(item.id)}
        sx={{ pr: item.read ? 2 : 7 }}
      >
        <ListItemAvatar>
          <Avatar sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText` }}>
            <Icon />
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              {!item.read && (
                <Box
                  component="span"
                  role="img"
                  aria-label="Não lida"
                  sx={{ width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main' }}
                />
              )}
              <Box component="span" sx={{ minWidth: 0, fontWeight: item.read ? 400 : 700 }}>
                {item.title}
              </Box>
            </Box>
          }
          secondary={
            <>
              <Chip label={label} size="small" variant="outlined" component="span" sx={{ my: 0.5 }} />
              {item.body && (
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                  {item.body}
                </Typography>
              )}
              <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                <RelativeTime at={item.createdAt} /> · {formatLongDateTime(item.createdAt)}
                {item.read && item.readAt ? (
                  <>
                    {' · Lida '}
                    <RelativeTime at={item.readAt} />
                  </>
                ) : null}
              </Typography>
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
});
