import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { BillingCycle, PlanId, SignupType } from '@casa/shared-schema';
import { BILLING_CYCLE_LABELS, formatCurrency, YEARLY_DISCOUNT_LABEL } from '@casa/shared-schema/values';
import { planCards } from '../landing/pricing.logic';

/** The plan (of the chosen audience) and billing cycle of a sign-up, with the price they give. */
export function PlanChoice({
  type,
  planId,
  cycle,
  disabled,
  onPlan,
  onCycle,
}: {
  type: SignupType;
  planId: PlanId;
  cycle: BillingCycle;
  disabled: boolean;
  onPlan: (plan: PlanId) => void;
  onCycle: (cycle: BillingCycle) => void;
}) {
  const cards = planCards(type, cycle);
  const chosen = cards.find((c) => c.id === planId) ?? cards[0];
  const per = cycle === 'yearly' ? 'ano' : 'mês';
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Plano"
          value={chosen?.id ?? ''}
          onChange={(e) => onPlan(e.target.value as PlanId)}
          disabled={disabled}
          sx={{ flex: 1 }}
        >
          {cards.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
              {c.recommended ? ' (recomendado)' : ''}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={cycle}
          onChange={(_, value: BillingCycle | null) => value && onCycle(value)}
          aria-label="Ciclo de faturação"
          disabled={disabled}
          size="small"
        >
          <ToggleButton value="monthly">{BILLING_CYCLE_LABELS.monthly}</ToggleButton>
          <ToggleButton value="yearly">
            {BILLING_CYCLE_LABELS.yearly} {YEARLY_DISCOUNT_LABEL}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {chosen && (
        <Typography variant="body2" color="textSecondary" data-testid="signup-plan-summary">
          Plano {chosen.name}: {formatCurrency(chosen.price)}/{per}
          {chosen.savings ? ` (poupa ${formatCurrency(chosen.savings)})` : ''}, após o teste gratuito.
        </Typography>
      )}
    </Stack>
  );
}
