import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { ClientPicker } from '../client-picker/client-picker';
import { useClient } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { textFieldProps } from '../../ui/form-field-props';
import { followUpFormSchema, followUpTypeOptions, type FollowUpFormValues } from './follow-up-form.logic';

type Props = {
  mode: 'create' | 'edit';
  initial: FollowUpFormValues;
  /** Resolves true when saved (the form then stays disabled while the caller closes it). */
  onSubmit: (values: FollowUpFormValues) => Promise<boolean>;
  onCancel: () => void;
  /** Where the fields and the buttons go (dialog content and actions, or a card). */
  layout: (parts: { fields: ReactNode; actions: ReactNode }) => ReactNode;
  readOnly?: boolean;
};

/**
 * The follow-up form of docs/product.md#follow-ups: client (searched in the replica), type, title, date and time in
 * Lisbon time, description and notes.
 */
export function FollowUpForm({ mode, initial, onSubmit, onCancel, layout, readOnly }: Props) {
  const sync = useSyncClient();
  // The preselected client's row (null: none or gone), read before the picker shows it.
  const initialClient = useClient(sync?.db, initial.clientId || null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FollowUpFormValues>({
    resolver: zodResolver(followUpFormSchema(mode)),
    defaultValues: initial,
  });
  const field = textFieldProps(register, errors);
  const submit = handleSubmit(async (values) => {
    await onSubmit(values);
  });
  const disabled = readOnly || isSubmitting;
  const dateError = errors.date?.message;
  const { ref: timeRef, ...time } = register('time');

  const fields = (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {initialClient !== undefined ? (
        <Controller
          control={control}
          name="clientId"
          render={({ field: client }) => (
            <ClientPicker
              value={client.value || null}
              onChange={(id) => client.onChange(id ?? '')}
              error={errors.clientId?.message}
              disabled={disabled}
            />
          )}
        />
      ) : (
        // The picker shows its preselected client's name: it waits for that client's row.
        <TextField label="Cliente *" value="A carregar clientes..." disabled />
      )}
      <Controller
        control={control}
        name="type"
        render={({ field: type }) => (
          <TextField
            select
            label="Tipo *"
            value={type.value}
            onChange={type.onChange}
            onBlur={type.onBlur}
            inputRef={type.ref}
            disabled={disabled}
            error={Boolean(errors.type)}
            helperText={errors.type?.message}
          >
            {followUpTypeOptions(initial.type).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField {...field('title', 'Título *')} disabled={disabled} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('date', 'Data *')}
          type="date"
          disabled={disabled}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={dateError ?? 'Hora de Lisboa'}
        />
        <TextField
          {...time}
          inputRef={timeRef}
          label="Hora *"
          type="time"
          disabled={disabled}
          fullWidth
          error={Boolean(dateError)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <TextField {...field('description', 'Descrição')} multiline minRows={2} disabled={disabled} />
      <TextField {...field('notes', 'Notas')} multiline minRows={2} disabled={disabled} />
    </Stack>
  );

  const actions = (
    <>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {readOnly ? 'Voltar' : 'Cancelar'}
      </Button>
      {!readOnly && (
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {mode === 'create' ? 'Criar Follow-up' : 'Guardar Alterações'}
        </Button>
      )}
    </>
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      {layout({ fields, actions })}
    </Box>
  );
}
