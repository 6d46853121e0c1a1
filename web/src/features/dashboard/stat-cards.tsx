import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import EventNoteRoundedIcon from '@mui/icons-material/EventNoteRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRoundedIcon from '@mui/icons-material/TrendingFlatRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import { DAILY_CALL_GOAL } from '@casa/shared-schema/values';
import {
  callGoalProgress,
  changeDisplay,
  formatRate,
  rateChangeDisplay,
  type ChangeDisplay,
} from './dashboard.figures';
import type { CallFigures, ClientFigures, FollowUpFigures, PropertyFigures } from './dashboard.queries';

const NUMBER = new Intl.NumberFormat('pt-PT');
const count = (n: number) => NUMBER.format(n);

function ChangeLine({ change, what }: { change: ChangeDisplay; what: string }) {
  const color =
    change.trend === 'up' ? 'success.main' : change.trend === 'down' ? 'error.main' : 'text.secondary';
  const Icon =
    change.trend === 'up'
      ? TrendingUpRoundedIcon
      : change.trend === 'down'
        ? TrendingDownRoundedIcon
        : TrendingFlatRoundedIcon;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}
      data-testid="stat-change"
    >
      {change.trend !== 'none' && <Icon fontSize="small" sx={{ color }} />}
      <Typography variant="caption" sx={{ color, fontWeight: change.trend === 'none' ? 400 : 600 }}>
        {change.text}
      </Typography>
      {change.trend !== 'none' && (
        <Typography variant="caption" color="textSecondary">
          {what} vs mês anterior
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Holds the place of a card's lines under its figure (a caption and the change line, which wraps to two or
 * three lines in a narrow card; the heights are the tallest measured per width) until the figures arrive:
 * the cards grew when they did and pushed everything below them down (Lighthouse mobile, CLS 0.13 on the home).
 */
function FiguresPlaceholder({ wide }: { wide: boolean }) {
  return (
    <Box aria-hidden>
      <Box sx={{ height: { xs: 20, lg: 40 } }}>
        <Skeleton variant="rounded" width="70%" height={20} />
      </Box>
      <Box sx={{ mt: 1, height: wide ? { xs: 20, lg: 64 } : { xs: 64, sm: 44, lg: 64 } }}>
        <Skeleton variant="rounded" width="90%" height={20} />
      </Box>
    </Box>
  );
}

function StatCard({
  title,
  value,
  icon,
  tone,
  children,
  wide = false,
}: {
  title: string;
  value: string | null;
  icon: ReactNode;
  tone: 'primary' | 'warning' | 'success' | 'secondary' | 'info';
  children?: ReactNode;
  /** Spans the two columns of a phone (the fifth card would sit alone). */
  wide?: boolean;
}) {
  return (
    <Card
      variant="outlined"
      data-testid="stat-card"
      component="section"
      aria-label={title}
      sx={{ height: '100%', gridColumn: wide ? { xs: '1 / -1', lg: 'auto' } : undefined }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" component="h2" color="textSecondary" sx={{ fontWeight: 500 }}>
              {title}
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700, mt: 0.5, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
              data-testid="stat-value"
            >
              {value ?? <Skeleton width={64} />}
            </Typography>
          </Box>
          <Avatar variant="rounded" sx={{ bgcolor: `${tone}.main`, color: `${tone}.contrastText` }}>
            {icon}
          </Avatar>
        </Stack>
        {value !== null ? children : <FiguresPlaceholder wide={wide} />}
      </CardContent>
    </Card>
  );
}

/**
 * The stat cards (docs/product.md#dashboard) with real month-over-month changes instead of static ones,
 * and the properties card of issue 20 (available now, new angariações this month).
 */
export function StatCards({
  clients,
  followUps,
  calls,
  properties,
}: {
  clients: ClientFigures | undefined;
  followUps: FollowUpFigures | undefined;
  calls: CallFigures | undefined;
  properties: PropertyFigures | undefined;
}) {
  const overdue = followUps?.overdue ?? 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <StatCard
        title="Total de Clientes"
        value={clients ? count(clients.total) : null}
        icon={<PeopleAltRoundedIcon />}
        tone="primary"
      >
        {clients && (
          <>
            <Typography variant="caption" color="textSecondary" component="p">
              {clients.created.thisMonth === 1
                ? '1 novo este mês'
                : `${count(clients.created.thisMonth)} novos este mês`}
            </Typography>
            <ChangeLine change={changeDisplay(clients.created)} what="novos" />
          </>
        )}
      </StatCard>
      <StatCard
        title="Follow-ups Hoje"
        value={followUps ? count(followUps.today.length) : null}
        icon={<EventNoteRoundedIcon />}
        tone="warning"
      >
        {followUps && (
          <>
            <Typography
              variant="caption"
              component="p"
              sx={{
                color: overdue > 0 ? 'error.main' : 'text.secondary',
                fontWeight: overdue > 0 ? 600 : 400,
              }}
              data-testid="overdue-count"
            >
              {count(overdue)} em atraso
            </Typography>
            <ChangeLine change={changeDisplay(followUps.completed)} what="concluídos" />
          </>
        )}
      </StatCard>
      <StatCard
        title="Chamadas Hoje"
        value={calls ? count(calls.callsToday) : null}
        icon={<PhoneInTalkRoundedIcon />}
        tone="success"
      >
        {calls && (
          <>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="caption" color="textSecondary">
                Meta: {DAILY_CALL_GOAL}/dia
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {callGoalProgress(calls.callsToday)}%
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={callGoalProgress(calls.callsToday)}
              color={calls.callsToday >= DAILY_CALL_GOAL ? 'success' : 'primary'}
              aria-label="Progresso da meta diária de chamadas"
              sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
            />
            <ChangeLine change={changeDisplay(calls.calls)} what="chamadas" />
          </>
        )}
      </StatCard>
      <StatCard
        title="Taxa de Conversão"
        value={calls ? formatRate(calls.conversionRate) : null}
        icon={<InsightsRoundedIcon />}
        tone="secondary"
      >
        {calls && (
          <>
            <Typography variant="caption" color="textSecondary" component="p">
              {calls.totalCalls === 1 ? 'de 1 chamada' : `de ${count(calls.totalCalls)} chamadas`}
            </Typography>
            <ChangeLine
              change={rateChangeDisplay(calls.monthRate, calls.previousMonthRate)}
              what="taxa do mês"
            />
          </>
        )}
      </StatCard>
      <StatCard
        title="Imóveis Disponíveis"
        value={properties ? count(properties.available) : null}
        icon={<HomeWorkRoundedIcon />}
        tone="info"
        wide
      >
        {properties && (
          <>
            <Typography variant="caption" color="textSecondary" component="p" data-testid="new-listings">
              {properties.acquired.thisMonth === 1
                ? '1 nova angariação este mês'
                : `${count(properties.acquired.thisMonth)} novas angariações este mês`}
            </Typography>
            <ChangeLine change={changeDisplay(properties.acquired)} what="angariações" />
          </>
        )}
      </StatCard>
    </Box>
  );
}
