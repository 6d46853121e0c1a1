import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ClientType } from '@casa/shared-schema';
import { errorMessages, formatCount } from '@casa/shared-schema/values';
import { formatRate, type TypeShare } from './reports.figures';

export const TYPE_COLORS: Record<ClientType, string> = {
  Comprador: '#2f6fd6',
  Vendedor: '#e07a1f',
  Investidor: '#2e9d5b',
};

/** Every client of the organization by type (a donut and the same figures as text). */
export function TypeDistributionCard({ total, shares }: { total: number; shares: TypeShare[] }) {
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%' }}
      component="section"
      aria-labelledby="type-distribution-title"
    >
      <CardContent>
        <Typography id="type-distribution-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Distribuição por Tipo de Cliente
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {formatCount(total)} cliente(s) no total
        </Typography>
        {total === 0 ? (
          <Typography sx={{ py: 6, textAlign: 'center' }} color="textSecondary">
            {errorMessages.noClientsYet}
          </Typography>
        ) : (
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', mt: 1 }}
          >
            <Box
              sx={{ width: 200, height: 200, flexShrink: 0 }}
              role="figure"
              aria-label="Gráfico circular da distribuição por tipo de cliente"
            >
              <PieChart
                width={200}
                height={200}
                hideLegend
                series={[
                  {
                    data: shares.map((s) => ({
                      id: s.type,
                      value: s.count,
                      label: s.type,
                      color: TYPE_COLORS[s.type],
                    })),
                    innerRadius: 55,
                    outerRadius: 95,
                    paddingAngle: 2,
                    cornerRadius: 4,
                    valueFormatter: (v) => `${formatCount(v.value)} (${formatRate((v.value / total) * 100)})`,
                  },
                ]}
              />
            </Box>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, minWidth: 220 }}>
              {shares.map((s) => (
                <Stack
                  component="li"
                  key={s.type}
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center' }}
                >
                  <Box
                    sx={{
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: TYPE_COLORS[s.type],
                      flexShrink: 0,
                    }}
                  />
                  <Typography sx={{ flexGrow: 1 }}>{s.type}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>{formatCount(s.count)}</Typography>
                  <Typography color="textSecondary" sx={{ width: 56, textAlign: 'right' }}>
                    {formatRate(s.percent)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
