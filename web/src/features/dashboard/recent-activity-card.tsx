import type { ReactElement } from 'react';
import { Avatar, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Typography } from '@mui/material';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import MoreHorizRoundedIcon from '@mui/icons-material/MoreHorizRounded';
import { errorMessages } from '@casa/shared-schema/values';
import { RelativeTime } from '../../ui/relative-time';
import { DashboardCard, EmptyText } from './dashboard-card';
import type { ActivityItem } from './dashboard.queries';

const ICONS: Record<string, ReactElement> = {
  'Cold Call': <PhoneInTalkRoundedIcon fontSize="small" />,
  Chamada: <PhoneInTalkRoundedIcon fontSize="small" />,
  'Follow-up': <EventRepeatRoundedIcon fontSize="small" />,
  Email: <EmailRoundedIcon fontSize="small" />,
  Reunião: <GroupsRoundedIcon fontSize="small" />,
  WhatsApp: <ChatRoundedIcon fontSize="small" />,
  Visita: <HomeWorkRoundedIcon fontSize="small" />,
  Proposta: <DescriptionRoundedIcon fontSize="small" />,
  Contrato: <HandshakeRoundedIcon fontSize="small" />,
};

function describe(item: ActivityItem) {
  if (item.kind === 'call') return { type: 'Cold Call', detail: item.call.result ?? item.call.notes ?? '' };
  const i = item.interaction;
  return { type: i.type, detail: [i.result, i.summary].filter(Boolean).join(' · ') };
}

/** Latest interactions and calls with the client's name and a relative time (docs/product.md#dashboard). */
export function RecentActivityCard({
  items,
  clientName,
}: {
  items: ActivityItem[] | undefined;
  /** A listed client's name (null while read, undefined when gone). */
  clientName: (id: string) => string | null | undefined;
}) {
  return (
    <DashboardCard
      title="Atividade Recente"
      icon={<HistoryRoundedIcon />}
      tone="info"
      testId="recent-activity"
    >
      {!items ? (
        <Skeleton variant="rounded" height={96} />
      ) : items.length === 0 ? (
        <EmptyText>Nenhuma atividade recente</EmptyText>
      ) : (
        <List disablePadding dense>
          {items.map((item) => {
            const { type, detail } = describe(item);
            const name = (item.clientId && clientName(item.clientId)) || errorMessages.clientNotFound;
            return (
              <ListItem
                key={`${item.kind}-${item.id}`}
                disableGutters
                secondaryAction={
                  <Typography variant="caption" color="textSecondary">
                    <RelativeTime at={item.at} />
                  </Typography>
                }
                sx={{ pr: 6 }}
              >
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <Avatar sx={{ width: 32, height: 32, bgcolor: 'action.selected', color: 'text.primary' }}>
                    {ICONS[type] ?? <MoreHorizRoundedIcon fontSize="small" />}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={`${type} · ${name}`}
                  secondary={detail || undefined}
                  slotProps={{
                    primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } },
                    secondary: { noWrap: true },
                  }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </DashboardCard>
  );
}
