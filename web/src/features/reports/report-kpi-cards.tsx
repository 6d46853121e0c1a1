import { Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRoundedIcon from '@mui/icons-material/TrendingFlatRounded';
import { formatChangeFigure, formatCount } from '@casa/shared-schema/values';
import { formatChange, formatRate, type ConversionKpi, type Kpi } from './reports.figures';

type CardProps = {
  label: string;
  value: string;
  change: number | null;
  changeText: string;
  previousText: string;
};

function KpiCard({ label, value, change, changeText, previousText }: CardProps) {
  const Icon =
    change === null || change === 0
      ? TrendingFlatRoundedIcon
      : change > 0
        ? TrendingUpRoundedIcon
        : TrendingDownRoundedIcon;
  const color = change === null || change === 0 ? 'default' : change > 0 ? 'success' : 'error';
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="report-kpi">
      <CardContent>
        <Typography variant="body2" color="textSecondary" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
          {value}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            color={color}
            variant="outlined"
            icon={<Icon aria-hidden />}
            label={changeText}
            aria-label={`Variação: ${changeText}`}
          />
          <Typography variant="caption" color="textSecondary">
            {previousText}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The period's figures, each against the previous period of the same length. */
export function ReportKpiCards({ kpis, conversion }: { kpis: Kpi[]; conversion: ConversionKpi }) {
  return (
    <Grid container spacing={2} component="section" aria-label="Indicadores do período">
      {kpis.map((k) => (
        <Grid key={k.key} size={{ xs: 6, md: 4, lg: 2.4 }}>
          <KpiCard
            label={k.label}
            value={formatCount(k.value)}
            change={k.change.value}
            changeText={formatChangeFigure(k.change)}
            previousText={`vs. ${formatCount(k.previous)} no período anterior`}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, md: 4, lg: 2.4 }}>
        <KpiCard
          label="Taxa de conversão"
          value={formatRate(conversion.value)}
          change={conversion.changePoints}
          changeText={conversion.changePoints === null ? '—' : formatChange(conversion.changePoints, ' p.p.')}
          previousText={
            conversion.previousCalls === 0
              ? 'sem chamadas no período anterior'
              : `vs. ${formatRate(conversion.previous)} no período anterior`
          }
        />
      </Grid>
    </Grid>
  );
}
