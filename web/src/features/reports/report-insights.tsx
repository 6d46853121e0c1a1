import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import CalendarMonthRoundedIcon from '@mui/icons-material/CalendarMonthRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { formatCount } from '@casa/shared-schema/values';
import { RouterLink } from '../../ui/router-link';
import {
  CONVERSION_INSIGHTS,
  formatDecimal,
  formatRate,
  WEEKDAY_NAMES,
  type ConversionLevel,
  type Report,
} from './reports.figures';

const SEVERITY: Record<ConversionLevel, 'success' | 'info' | 'warning'> = {
  excellent: 'success',
  good: 'info',
  improve: 'warning',
  noCalls: 'info',
};

/** docs/product.md#reports conversion insight: above 25% excellent, above 15% good, otherwise can improve. */
export function ConversionInsightCard({
  level,
  rate,
  calls,
}: {
  level: ConversionLevel;
  rate: number;
  calls: number;
}) {
  const insight = CONVERSION_INSIGHTS[level];
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-labelledby="conversion-title">
      <CardContent>
        <Typography id="conversion-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Análise de Conversão
        </Typography>
        {calls > 0 && (
          <Typography sx={{ mb: 1.5 }}>
            <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700, mr: 1 }}>
              {formatRate(rate)}
            </Box>
            de {formatCount(calls)} chamada(s) com interesse ou follow-up agendado
          </Typography>
        )}
        <Alert severity={SEVERITY[level]} data-testid="conversion-insight">
          <AlertTitle>{insight.title}</AlertTitle>
          {insight.text}
        </Alert>
      </CardContent>
    </Card>
  );
}

function Insight({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography>{children}</Typography>
      </Box>
    </Stack>
  );
}

/** Short readings of the period: when the agent works best, who the clients are, what is late. */
export function QuickInsightsCard({ insights }: { insights: Report['insights'] }) {
  const { busiestWeekday, topNewType, topType, overdueFollowUps, callsPerDay } = insights;
  const type = topNewType ?? topType;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-labelledby="insights-title">
      <CardContent>
        <Typography id="insights-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Insights Rápidos
        </Typography>
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <Insight icon={<CalendarMonthRoundedIcon />} title="Dia mais produtivo">
            {busiestWeekday
              ? `${WEEKDAY_NAMES[busiestWeekday.weekday]} (${formatCount(busiestWeekday.count)} atividade(s))`
              : 'Sem atividade registada neste período.'}
          </Insight>
          <Insight icon={<GroupsRoundedIcon />} title="Tipo de cliente principal">
            {type
              ? `${type.type}: ${formatRate(type.percent)} ${topNewType ? 'dos novos clientes do período' : 'de todos os clientes'}`
              : 'Ainda não há clientes registados.'}
          </Insight>
          <Insight icon={<WarningAmberRoundedIcon />} title="Follow-ups em atraso">
            {overdueFollowUps === null ? (
              'A contar…'
            ) : overdueFollowUps === 0 ? (
              'Nenhum follow-up em atraso.'
            ) : (
              <>
                {formatCount(overdueFollowUps)} follow-up(s) em atraso.{' '}
                <RouterLink to="/followups">Ver follow-ups</RouterLink>
              </>
            )}
          </Insight>
          <Insight icon={<PhoneInTalkRoundedIcon />} title="Média de chamadas">
            {formatDecimal(callsPerDay.average)} por dia (meta: {callsPerDay.goal}/dia)
          </Insight>
        </Stack>
      </CardContent>
    </Card>
  );
}
