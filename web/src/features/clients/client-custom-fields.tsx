import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import type { ClientType } from '@casa/shared-schema';
import {
  CUSTOM_FIELD_DEFS,
  customFieldLabel,
  type ClientFormValues,
  type CustomFieldDef,
} from './client-form.logic';

function adornment(def: CustomFieldDef) {
  if (def.kind === 'amount') return <InputAdornment position="end">€</InputAdornment>;
  if (def.kind === 'percent') return <InputAdornment position="end">%</InputAdornment>;
  return undefined;
}

/** The fields of the chosen client type (docs/product.md#clients), with the enum options of the shared schema. */
export function ClientCustomFields({
  type,
  control,
  errors,
}: {
  type: ClientType;
  control: Control<ClientFormValues>;
  errors: FieldErrors<ClientFormValues>;
}) {
  return (
    <>
      {CUSTOM_FIELD_DEFS[type].map((def) => {
        const message = errors.customFields?.[def.key]?.message;
        const label = `${customFieldLabel(def.key)}${def.required ? ' *' : ''}`;
        return (
          <Controller
            key={`${type}-${def.key}`}
            control={control}
            name={`customFields.${def.key}`}
            render={({ field }) => (
              <TextField
                label={label}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                select={def.kind === 'select'}
                type={def.kind === 'amount' || def.kind === 'percent' ? 'number' : 'text'}
                error={Boolean(message)}
                helperText={typeof message === 'string' ? message : undefined}
                fullWidth
                slotProps={{
                  input: { endAdornment: adornment(def) },
                  htmlInput:
                    def.kind === 'amount'
                      ? { min: 0, step: 0.01, inputMode: 'decimal' }
                      : def.kind === 'percent'
                        ? { step: 0.1, inputMode: 'decimal' }
                        : undefined,
                }}
              >
                {def.kind === 'select' && [
                  <MenuItem key="" value="">
                    <em>Não especificado</em>
                  </MenuItem>,
                  ...(def.options ?? []).map((o) => (
                    <MenuItem key={o} value={o}>
                      {o}
                    </MenuItem>
                  )),
                ]}
              </TextField>
            )}
          />
        );
      })}
    </>
  );
}
