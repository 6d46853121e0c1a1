import { Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { PropertyStatus } from '@casa/shared-schema';
import { formatCount } from '@casa/shared-schema/values';
import {
  formatDays,
  formatEurosPerSquareMetre,
  type ConcelhoPrice,
  type DaysOnMarket,
  type PropertyReport,
  type StatusCount,
} from './property-report.figures';

const STATUS_COLORS: Record<PropertyStatus, string> = {
  'Em angariação': '#8b5cf6',
  Disponível: '#2e9d5b',
  Reservado: '#e0a31f',
  Vendido: '#2f6fd6',
  Arrendado: '#0e9bb0',
  Retirado: '#8a8f98',
};

function Section({
  id,
  title,
  subtitle,
  children,
  fill = false,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: React.ReactNode;
  /** As tall as its row (the two charts side by side). */
  fill?: boolean;
}) {
  return (
    <Card
      variant="outlined"
      sx={fill ? { height: '100%' } : undefined}
      component="section"
      aria-labelledby={id}
    >
      <CardContent>
        <Typography id={id} variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {subtitle}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography sx={{ py: 6, textAlign: 'center' }} color="textSecondary">
    {text}
  </Typography>
);

function StatusChart({ total, byStatus }: { total: number; byStatus: StatusCount[] }) {
  return (
    <Section
      fill
      id="properties-status-title"
      title="Imóveis por Estado"
      subtitle={`${formatCount(total)} imóve${total === 1 ? 'l' : 'is'} na carteira`}
    >
      {total === 0 ? (
        <Empty text="Ainda não há imóveis." />
      ) : (
        <Box
          sx={{ height: 260, mx: -1 }}
          role="figure"
          aria-label="Gráfico de barras dos imóveis por estado"
          data-testid="properties-status-chart"
        >
          <BarChart
            height={260}
            layout="horizontal"
            hideLegend
            yAxis={[
              {
                scaleType: 'band',
                data: byStatus.map((s) => s.status),
                width: 104,
                colorMap: {
                  type: 'ordinal',
                  values: byStatus.map((s) => s.status),
                  colors: byStatus.map((s) => STATUS_COLORS[s.status]),
                },
              },
            ]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                data: byStatus.map((s) => s.count),
                label: 'Imóveis',
                valueFormatter: (v) => formatCount(v ?? 0),
              },
            ]}
            grid={{ vertical: true }}
            margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
          />
        </Box>
      )}
    </Section>
  );
}

function DaysOnMarketFigures({ days }: { days: DaysOnMarket }) {
  return (
    <Section
      id="properties-days-title"
      title="Tempo no Mercado"
      subtitle={`Imóveis Disponíveis (${formatCount(days.count)}), desde o início da mediação ou da angariação`}
    >
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 0 }} component="dl">
        {[
          { label: 'Média', value: days.average, testId: 'days-average' },
          { label: 'Mediana', value: days.median, testId: 'days-median' },
        ].map((f) => (
          <Box key={f.label} sx={{ flex: 1, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }} data-testid={f.testId}>
              {formatDays(f.value === null ? null : Math.round(f.value * 10) / 10)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function PricePerSquareMetreChart({ rows }: { rows: ConcelhoPrice[] }) {
  return (
    <Section
      fill
      id="properties-price-title"
      title="Preço Médio por m² por Concelho"
      subtitle="Imóveis para Venda com área útil; os concelhos com mais imóveis"
    >
      {rows.length === 0 ? (
        <Empty text="Sem imóveis para venda com preço e área útil." />
      ) : (
        <Box
          sx={{ height: 60 + rows.length * 34, mx: -1 }}
          role="figure"
          aria-label="Gráfico de barras do preço médio por m² por concelho"
          data-testid="properties-price-chart"
        >
          <BarChart
            height={60 + rows.length * 34}
            layout="horizontal"
            hideLegend
            yAxis={[{ scaleType: 'band', data: rows.map((r) => r.concelho), width: 104 }]}
            xAxis={[{ valueFormatter: (v: number) => formatEurosPerSquareMetre(v).replace('/m²', '') }]}
            series={[
              {
                data: rows.map((r) => Math.round(r.eurosPerSquareMetre)),
                label: 'Preço médio por m²',
                color: '#2f6fd6',
                valueFormatter: (v, { dataIndex }) =>
                  `${formatEurosPerSquareMetre(v ?? 0)} (${formatCount(rows[dataIndex]!.count)} imóve${rows[dataIndex]!.count === 1 ? 'l' : 'is'})`,
              },
            ]}
            grid={{ vertical: true }}
            margin={{ left: 4, right: 24, top: 8, bottom: 4 }}
          />
        </Box>
      )}
    </Section>
  );
}

/** The properties section of /reports (issue 20): the inventory as it is now, from the replica. */
export function PropertyReportSection({ report }: { report: PropertyReport | undefined }) {
  return (
    <Stack
      spacing={2}
      component="section"
      aria-labelledby="properties-report-title"
      data-testid="properties-report"
    >
      <Typography id="properties-report-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Imóveis
      </Typography>
      {report ? (
        <Grid container spacing={2}>
          <Grid size={12}>
            <DaysOnMarketFigures days={report.daysOnMarket} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <StatusChart total={report.total} byStatus={report.byStatus} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <PricePerSquareMetreChart rows={report.pricePerSquareMetre} />
          </Grid>
        </Grid>
      ) : (
        <Skeleton variant="rounded" height={260} />
      )}
    </Stack>
  );
}
