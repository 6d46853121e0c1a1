import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  Autocomplete,
  Box,
  Chip,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { CONCELHOS, PROPERTY_FIELDS, type Concelho } from '@casa/shared-schema';
import { textFieldProps } from '../../ui/form-field-props';
import { ClientPicker } from '../client-picker/client-picker';
import type { FormKey, PropertyFormValues } from './property-form.logic';

type Props = {
  control: Control<PropertyFormValues>;
  register: UseFormRegister<PropertyFormValues>;
  errors: FieldErrors<PropertyFormValues>;
  setValue: (name: 'distrito', value: string) => void;
  agents: ReadonlyMap<string, string>;
  autoFocus: boolean;
};

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;
const label = (key: FormKey) => PROPERTY_FIELDS[key].label;
const unit = (text: string) => ({
  input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> },
});
const dateLabel = { inputLabel: { shrink: true } } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type SelectKey = 'business' | 'propertyType' | 'typology' | 'condition' | 'energyClass' | 'status';

/** A select of the field's own options (PROPERTY_FIELDS); `required` fields offer no blank choice. */
function SelectField({
  name,
  control,
  errors,
  required,
}: Pick<Props, 'control' | 'errors'> & { name: SelectKey; required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={`${label(name)}${required ? ' *' : ''}`}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message}
        >
          {!required && (
            <MenuItem value="">
              <em>—</em>
            </MenuItem>
          )}
          {PROPERTY_FIELDS[name].options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const concelhoLabel = (c: Concelho) => `${c.name} (${c.distrito})`;

/** Every field of the property entity, in the six sections. */
export function PropertyFormSections({ control, register, errors, setValue, agents, autoFocus }: Props) {
  const field = textFieldProps(register, errors);
  const business = useWatch({ control, name: 'business' });

  return (
    <Stack spacing={3}>
      <Section title="Identificação">
        <Box sx={grid}>
          <TextField
            {...field('title', `${label('title')} *`)}
            autoFocus={autoFocus}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <SelectField name="business" required control={control} errors={errors} />
          <SelectField name="propertyType" required control={control} errors={errors} />
          <SelectField name="typology" control={control} errors={errors} />
          <SelectField name="status" required control={control} errors={errors} />
          <TextField
            {...field('reference', label('reference'))}
            helperText={errors.reference?.message ?? 'Em branco: gerada automaticamente (CASA-000123)'}
          />
        </Box>
      </Section>

      <Section title="Preço e áreas">
        <Box sx={grid}>
          <TextField
            {...field('priceCents', business === 'Arrendamento' ? 'Renda mensal' : label('priceCents'))}
            inputMode="decimal"
            slotProps={{
              ...unit(business === 'Arrendamento' ? '€/mês' : '€'),
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <TextField
            {...field('usableArea', label('usableArea'))}
            slotProps={{ ...unit('m²'), htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            {...field('grossArea', label('grossArea'))}
            slotProps={{ ...unit('m²'), htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            {...field('landArea', label('landArea'))}
            slotProps={{ ...unit('m²'), htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
      </Section>

      <Section title="Localização">
        <Box sx={grid}>
          <Controller
            control={control}
            name="concelho"
            render={({ field: concelho }) => (
              <Controller
                control={control}
                name="distrito"
                render={({ field: distrito }) => (
                  <Autocomplete<Concelho>
                    options={CONCELHOS}
                    value={
                      CONCELHOS.find(
                        (c) =>
                          c.name === concelho.value && (!distrito.value || c.distrito === distrito.value),
                      ) ?? null
                    }
                    getOptionLabel={concelhoLabel}
                    isOptionEqualToValue={(a, b) => a.name === b.name && a.distrito === b.distrito}
                    noOptionsText="Nenhum concelho encontrado"
                    onChange={(_e, c) => {
                      concelho.onChange(c?.name ?? '');
                      // The distrito is the chosen concelho's ('Lagoa' exists in Faro and in the Açores).
                      setValue('distrito', c?.distrito ?? '');
                    }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={label('concelho')}
                        inputRef={concelho.ref}
                        error={Boolean(errors.concelho)}
                        helperText={errors.concelho?.message}
                      />
                    )}
                  />
                )}
              />
            )}
          />
          <Controller
            control={control}
            name="distrito"
            render={({ field: distrito }) => (
              <TextField
                label={label('distrito')}
                value={distrito.value}
                slotProps={{ htmlInput: { readOnly: true } }}
                error={Boolean(errors.distrito)}
                helperText={errors.distrito?.message ?? 'Do concelho escolhido'}
              />
            )}
          />
          <TextField {...field('freguesia', label('freguesia'))} />
          <TextField
            {...field('postalCode', label('postalCode'), 'postal-code')}
            placeholder="1234-567"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            {...field('street', label('street'), 'street-address')}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        </Box>
      </Section>

      <Section title="Características">
        <Box sx={grid}>
          <TextField
            {...field('bedrooms', label('bedrooms'))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            {...field('bathrooms', label('bathrooms'))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <SelectField name="condition" control={control} errors={errors} />
          <SelectField name="energyClass" control={control} errors={errors} />
          <TextField
            {...field('yearBuilt', label('yearBuilt'))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
        <Controller
          control={control}
          name="features"
          render={({ field: features }) => (
            <Stack
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}
              role="group"
              aria-label={label('features')}
            >
              {PROPERTY_FIELDS.features.options.map((option) => {
                const on = features.value.includes(option);
                return (
                  <Chip
                    key={option}
                    label={option}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    aria-pressed={on}
                    onClick={() =>
                      features.onChange(
                        on ? features.value.filter((f) => f !== option) : [...features.value, option],
                      )
                    }
                  />
                );
              })}
            </Stack>
          )}
        />
      </Section>

      <Section title="Mediação">
        <Box sx={grid}>
          <Controller
            control={control}
            name="ownerClientId"
            render={({ field: owner }) => (
              <ClientPicker
                value={owner.value}
                onChange={owner.onChange}
                label={label('ownerClientId')}
                error={errors.ownerClientId?.message}
                // The owner is a Vendedor client (the mutator refuses any other): the picker offers no one else.
                clientType="Vendedor"
              />
            )}
          />
          <Controller
            control={control}
            name="agentId"
            render={({ field: agent }) => (
              <TextField
                select
                label={label('agentId')}
                value={agent.value ?? ''}
                onChange={(e) => agent.onChange(e.target.value || null)}
                error={Boolean(errors.agentId)}
                helperText={errors.agentId?.message}
              >
                <MenuItem value="">
                  <em>—</em>
                </MenuItem>
                {[...agents].map(([id, name]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...field('mediationStart', label('mediationStart'))}
            type="date"
            slotProps={dateLabel}
          />
          <TextField {...field('mediationEnd', label('mediationEnd'))} type="date" slotProps={dateLabel} />
          <TextField
            {...field('commissionPercent', label('commissionPercent'))}
            slotProps={{ ...unit('%'), htmlInput: { inputMode: 'decimal' } }}
          />
          <Controller
            control={control}
            name="mediationExclusive"
            render={({ field: exclusive }) => (
              <FormControlLabel
                control={
                  <Switch checked={exclusive.value} onChange={(e) => exclusive.onChange(e.target.checked)} />
                }
                label={label('mediationExclusive')}
              />
            )}
          />
        </Box>
      </Section>

      <Section title="Notas">
        <TextField {...field('notes', label('notes'))} multiline minRows={3} fullWidth />
      </Section>
    </Stack>
  );
}
