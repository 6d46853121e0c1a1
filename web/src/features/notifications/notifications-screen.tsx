import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  FormControl,
  InputLabel,
  List,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import NotificationsOffRoundedIcon from '@mui/icons-material/NotificationsOffRounded';
import {
  errorMessages,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  unreadCountText,
} from '@casa/shared-schema/values';
import { DrawnInSteps } from '../../lib/drawn-in-steps';
import { TabStrip } from '../../ui/tab-strip';
import { NotificationRow } from './notification-row';
import {
  canLoadMore,
  emptyText,
  filterByType,
  FIRST_PAGE,
  PAGE_STEP,
  type NotificationTab,
  type TypeFilter,
} from './notifications-page.logic';
import { useNotificationFeed } from './use-notification-feed';

const LIST_HEIGHT = 600;
/** Rows drawn per task as a page arrives: the 600 px list's screenful (DrawnInSteps, lib/). */
const DRAW_STEP = 8;
const fail = (e: unknown) => console.error(e);

/** /notifications (docs/product.md#notifications): tabs, type filter, 600 px list growing by 50. */
export default function NotificationsScreen() {
  const [tab, setTab] = useState<NotificationTab>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [limit, setLimit] = useState(FIRST_PAGE);
  const feed = useNotificationFeed(limit, tab === 'unread');
  const unread = feed.data?.unreadCount ?? 0;
  const data = feed.data;
  // The rows are drawn in a deferred render, which React slices with the page free in between (issue 19: a
  // first visit's first rows were long tasks at 4× CPU); until it commits, the placeholders (or the previous
  // filter's rows) stay. The filter goes with its rows.
  const queried = useMemo(
    () => ({
      loading: feed.loading,
      received: data?.notifications.length ?? 0,
      rows: filterByType(data?.notifications ?? [], type),
      tab,
      type,
    }),
    [feed.loading, data, tab, type],
  );
  const list = useDeferredValue(queried);
  const { markRead } = feed;
  // Stable, so a memoized row (NotificationRow) renders again only when its notification changed.
  const onMarkRead = useCallback((id: string) => void markRead(id).catch(fail), [markRead]);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Notificações
        </Typography>
        <Chip
          label={unreadCountText(unread)}
          color={unread > 0 ? 'primary' : 'default'}
          data-testid="unread-count"
        />
        <Box sx={{ flexGrow: 1 }} />
        {/* Only with something unread (docs/product.md), but its place is always kept (visibility, not
            removal): appearing when the unread count arrived, it wrapped under the title on a phone and
            pushed the list down (Lighthouse mobile, CLS 0.08). Hidden, it is out of the accessibility tree. */}
        <Button
          variant="outlined"
          sx={{ visibility: unread > 0 ? 'visible' : 'hidden' }}
          onClick={() => void feed.markAllRead().catch(fail)}
        >
          Marcar todas como lidas
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TabStrip
          label="Notificações"
          value={tab}
          onChange={(next) => {
            setTab(next);
            setLimit(FIRST_PAGE);
          }}
          divider={false}
          sx={{ flexGrow: 1 }}
          tabs={[
            { key: 'all', label: 'Todas' },
            {
              key: 'unread',
              label: (
                <Badge badgeContent={unread} color="primary" max={99} sx={{ pr: 1.5 }}>
                  Não lidas
                </Badge>
              ),
            },
          ]}
        />
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="notification-type-label">Tipo</InputLabel>
          <Select
            labelId="notification-type-label"
            label="Tipo"
            value={type}
            onChange={(e) => setType(e.target.value as TypeFilter)}
          >
            <MenuItem value="all">Todos os tipos</MenuItem>
            {NOTIFICATION_TYPES.map((key) => (
              <MenuItem key={key} value={key}>
                {NOTIFICATION_TYPE_LABELS[key]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      <Card variant="outlined">
        <Box sx={{ height: LIST_HEIGHT, overflowY: 'auto' }} data-testid="notifications-list">
          {list.loading ? (
            <Stack spacing={1} sx={{ p: 2 }} aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={72} data-testid="notification-skeleton" />
              ))}
            </Stack>
          ) : list.rows.length === 0 ? (
            <Stack spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', p: 3 }}>
              <NotificationsOffRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>{emptyText(list.tab, list.type)}</Typography>
              <Typography color="textSecondary">{errorMessages.newNotificationsAppearHere}</Typography>
            </Stack>
          ) : (
            <>
              <List>
                <DrawnInSteps
                  items={list.rows}
                  step={DRAW_STEP}
                  resetKey={`${list.tab}|${list.type}`}
                  render={(item) => <NotificationRow key={item.id} item={item} onMarkRead={onMarkRead} />}
                />
              </List>
              {canLoadMore(list.received, limit) && (
                <Box sx={{ p: 2, textAlign: 'center' }}>
                  <Button onClick={() => setLimit((n) => n + PAGE_STEP)}>Carregar mais notificações</Button>
                </Box>
              )}
            </>
          )}
        </Box>
      </Card>
    </Stack>
  );
}
