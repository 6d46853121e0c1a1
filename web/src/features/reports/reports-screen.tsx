import { useState } from 'react';
import { Grid, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { ptPTLocaleText } from '@mui/x-charts/locales';
import { formatDate, STATS_PERIODS, type CurrentUser, type StatsPeriod } from '@casa/shared-schema';
import { ActivityChartCard } from './activity-chart-card';
import { CsvTransferCard } from './csv-transfer-card';
import { PropertyReportSection } from './property-report-card';
import { ReportKpiCards } from './report-kpi-cards';
import { ConversionInsightCard, QuickInsightsCard } from './report-insights';
import { comparisonText, DEFAULT_PERIOD, PERIOD_LABELS } from './reports.figures';
import { TypeDistributionCard } from './type-distribution-card';
import { usePropertyReport, useReport } from './use-report';

const CHART_TEXT = { ...ptPTLocaleText, loading: 'A carregar dados…' };

/** /reports (docs/product.md#reports): everything computed from the local replica, so it works offline. */
export default function ReportsScreen(_props: { user: CurrentUser }) {
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_PERIOD);
  const report = useReport(period);
  const properties = usePropertyReport();

  return (
    <ChartsLocalizationProvider localeText={CHART_TEXT}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
            >
              Relatórios
            </Typography>
            <Typography color="textSecondary" data-testid="report-window">
              {report
                ? `${formatDate(report.windows.current.start)} a ${formatDate(report.windows.current.end - 1)}, ${comparisonText(period)}`
                : ' '}
            </Typography>
          </div>
          <ToggleButtonGroup
            value={period}
            exclusive
            size="small"
            color="primary"
            aria-label="Período"
            onChange={(_, next: StatsPeriod | null) => next && setPeriod(next)}
            sx={{ alignSelf: { xs: 'stretch', md: 'center' } }}
          >
            {STATS_PERIODS.map((p) => (
              <ToggleButton key={p} value={p} sx={{ flex: { xs: 1, md: 'initial' }, px: 2 }}>
                {PERIOD_LABELS[p]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>

        {report ? (
          <>
            <ReportKpiCards kpis={report.kpis} conversion={report.conversion} />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, lg: 5 }}>
                <TypeDistributionCard {...report.distribution} />
              </Grid>
              <Grid size={{ xs: 12, lg: 7 }}>
                <ActivityChartCard series={report.series} granularity={report.granularity} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ConversionInsightCard
                  level={report.conversionLevel}
                  rate={report.conversion.value}
                  calls={report.conversion.calls}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <QuickInsightsCard insights={report.insights} />
              </Grid>
            </Grid>
          </>
        ) : (
          <Stack spacing={2} aria-busy="true" aria-label="A carregar relatório">
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={320} />
          </Stack>
        )}
        <PropertyReportSection report={properties} />
        <CsvTransferCard />
      </Stack>
    </ChartsLocalizationProvider>
  );
}
