import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import {
  BILLING_CYCLE_LABELS,
  formatCurrency,
  TRIAL_DAYS,
  YEARLY_DISCOUNT_LABEL,
  type BillingCycle,
  type PlanId,
} from '@casa/shared-schema/values';
import type { SignupType } from '@casa/shared-schema';
import { planCards, type PlanCard } from './pricing.logic';

const AUDIENCE_LABELS: Record<SignupType, string> = {
  organization: 'Agências',
  individual: 'Agentes Individuais',
};

function PlanCardView({
  plan,
  cycle,
  onSubscribe,
}: {
  plan: PlanCard;
  cycle: BillingCycle;
  onSubscribe: () => void;
}) {
  return (
    <Card
      variant="outlined"
      data-testid={`plan-${plan.id}`}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: plan.recommended ? 2 : 1,
        borderColor: plan.recommended ? 'primary.main' : 'divider',
        overflow: 'visible',
      }}
    >
      {plan.recommended && (
        <Chip
          label="Recomendado"
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)', fontWeight: 700 }}
        />
      )}
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', pt: 3 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {plan.name}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline', mt: 1 }}>
          <Typography
            data-testid="plan-price"
            sx={{ fontSize: '2.2rem', fontWeight: 800, lineHeight: 1.2, whiteSpace: 'nowrap' }}
          >
            {formatCurrency(plan.price)}
          </Typography>
          <Typography color="textSecondary">/{cycle === 'yearly' ? 'ano' : 'mês'}</Typography>
        </Stack>
        <Typography
          variant="body2"
          data-testid="plan-savings"
          sx={{ minHeight: 24, color: 'success.dark', fontWeight: 600 }}
        >
          {plan.savings ? `Poupa ${formatCurrency(plan.savings)} por ano` : ''}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 2, flex: 1 }}>
          {plan.highlights.map((h) => (
            <Stack component="li" key={h} direction="row" spacing={1} sx={{ py: 0.5 }}>
              <CheckRoundedIcon fontSize="small" color="success" aria-hidden />
              <Typography variant="body2">{h}</Typography>
            </Stack>
          ))}
        </Box>
        <Button
          variant={plan.recommended ? 'contained' : 'outlined'}
          size="large"
          fullWidth
          onClick={onSubscribe}
          aria-label={`Subscrever o plano ${plan.name}`}
        >
          Subscrever
        </Button>
      </CardContent>
    </Card>
  );
}

/** Pricing (anchor 'pricing', docs/product.md#sign-up): audience and cycle toggles, three plans, subscribe. */
export function LandingPricing({
  onSubscribe,
}: {
  onSubscribe: (planId: PlanId, cycle: BillingCycle) => void;
}) {
  const [audience, setAudience] = useState<SignupType>('organization');
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const plans = planCards(audience, cycle);

  return (
    <Box
      component="section"
      id="pricing"
      aria-labelledby="pricing-title"
      sx={{ py: { xs: 6, md: 10 }, bgcolor: 'action.hover', scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <Typography
          id="pricing-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 1 }}
        >
          Planos e Preços
        </Typography>
        <Typography color="textSecondary" sx={{ textAlign: 'center', mb: 4 }}>
          {TRIAL_DAYS} dias de teste grátis em todos os planos.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', alignItems: 'center', mb: 5 }}
        >
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={audience}
            onChange={(_, v: SignupType | null) => v && setAudience(v)}
            aria-label="Tipo de cliente"
            sx={{ bgcolor: 'background.paper' }}
          >
            {(['organization', 'individual'] as const).map((v) => (
              <ToggleButton key={v} value={v} sx={{ px: 2 }}>
                {AUDIENCE_LABELS[v]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={cycle}
            onChange={(_, v: BillingCycle | null) => v && setCycle(v)}
            aria-label="Ciclo de faturação"
            sx={{ bgcolor: 'background.paper' }}
          >
            <ToggleButton value="monthly" sx={{ px: 2 }}>
              {BILLING_CYCLE_LABELS.monthly}
            </ToggleButton>
            <ToggleButton value="yearly" sx={{ px: 2, gap: 1 }}>
              {BILLING_CYCLE_LABELS.yearly}
              <Chip label={YEARLY_DISCOUNT_LABEL} size="small" color="success" sx={{ fontWeight: 700 }} />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 2.5 },
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            maxWidth: { xs: 440, md: 'none' },
            mx: 'auto',
          }}
        >
          {plans.map((plan) => (
            <PlanCardView
              key={plan.id}
              plan={plan}
              cycle={cycle}
              onSubscribe={() => onSubscribe(plan.id, cycle)}
            />
          ))}
        </Box>
      </Container>
    </Box>
  );
}
