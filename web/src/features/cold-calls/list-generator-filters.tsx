import { MenuItem, Stack, TextField } from '@mui/material';
import { CLIENT_TYPES, LAST_CONTACT_LABELS, LAST_CONTACT_OPTIONS } from '@casa/shared-schema/values';
import type { GeneratorFilterForm } from './generator-filters.logic';

const RATINGS = ['0', '1', '2', '3', '4', '5'] as const;
const ratingLabel = (r: string) =>
  r === '0' ? 'Qualquer (0)' : `${r} ${r === '1' ? 'estrela' : 'estrelas'}`;

/** Step 1 of the list generator: the campaign filters (docs/product.md#cold-calls). */
export function ListGeneratorFilters({
  form,
  errors,
  onChange,
}: {
  form: GeneratorFilterForm;
  errors: Partial<Record<keyof GeneratorFilterForm, string>>;
  onChange: (next: GeneratorFilterForm) => void;
}) {
  const set = (key: keyof GeneratorFilterForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [key]: e.target.value });
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label="Tipo de cliente"
          value={form.clientType}
          onChange={set('clientType')}
        >
          <MenuItem value="all">Todos</MenuItem>
          {CLIENT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label="Avaliação mínima"
          value={form.minRating}
          onChange={set('minRating')}
        >
          {RATINGS.map((r) => (
            <MenuItem key={r} value={r}>
              {ratingLabel(r)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        label="Zona"
        value={form.zone}
        onChange={set('zone')}
        placeholder="Ex.: Lisboa"
        error={Boolean(errors.zone)}
        helperText={errors.zone}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth
          type="number"
          label="Orçamento mínimo (€)"
          value={form.minBudget}
          onChange={set('minBudget')}
          error={Boolean(errors.minBudget)}
          helperText={errors.minBudget}
          slotProps={{ htmlInput: { min: 0, step: 1000 } }}
        />
        <TextField
          fullWidth
          type="number"
          label="Orçamento máximo (€)"
          value={form.maxBudget}
          onChange={set('maxBudget')}
          error={Boolean(errors.maxBudget)}
          helperText={errors.maxBudget}
          slotProps={{ htmlInput: { min: 0, step: 1000 } }}
        />
      </Stack>
      <TextField select label="Último contacto" value={form.lastContact} onChange={set('lastContact')}>
        {LAST_CONTACT_OPTIONS.map((o) => (
          <MenuItem key={o} value={o}>
            {LAST_CONTACT_LABELS[o]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
