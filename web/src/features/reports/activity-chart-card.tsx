import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatCount } from '@casa/shared-schema/values';
import { GRANULARITY_LABELS, type ActivitySeries, type Granularity } from './reports.figures';

const SERIES = [
  { key: 'calls', label: 'Chamadas', color: '#2f6fd6' },
  { key: 'interactions', label: 'Interações', color: '#8b5cf6' },
  { key: 'followUpsCompleted', label: 'Follow-ups concluídos', color: '#2e9d5b' },
] as const;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Calls, interactions and completed follow-ups over the period, per day, week or month. */
export function ActivityChartCard({
  series,
  granularity,
}: {
  series: ActivitySeries;
  granularity: Granularity;
}) {
  const empty = SERIES.every((s) => sum(series[s.key]) === 0);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-labelledby="activity-title">
      <CardContent>
        <Typography id="activity-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Resumo de Atividade
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Chamadas, interações e follow-ups concluídos {GRANULARITY_LABELS[granularity]}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          spacing={3}
          sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1, listStyle: 'none', p: 0, mb: 0 }}
          component="ul"
          aria-label="Totais do período"
        >
          {SERIES.map((s) => (
            <Stack component="li" key={s.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color }} />
              <Typography variant="body2">
                {s.label}: <strong>{formatCount(sum(series[s.key]))}</strong>
              </Typography>
            </Stack>
          ))}
        </Stack>
        {empty ? (
          <Typography sx={{ py: 10, textAlign: 'center' }} color="textSecondary">
            Sem atividade registada neste período.
          </Typography>
        ) : (
          <Box
            sx={{ height: 280, mx: -1 }}
            role="figure"
            aria-label="Gráfico de linhas da atividade do período"
          >
            <LineChart
              height={280}
              hideLegend
              xAxis={[{ scaleType: 'point', data: series.labels, tickLabelStyle: { fontSize: 11 } }]}
              yAxis={[{ tickMinStep: 1, width: 36 }]}
              series={SERIES.map((s) => ({
                data: series[s.key],
                label: s.label,
                color: s.color,
                showMark: series.labels.length <= 14,
                curve: 'monotoneX' as const,
              }))}
              grid={{ horizontal: true }}
              margin={{ left: 4, right: 24, top: 12, bottom: 4 }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
