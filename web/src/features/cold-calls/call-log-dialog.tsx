import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CALL_RESULTS,
  callLogFormSchema,
  callNeedsFollowUp,
  DEFAULT_CALL_FOLLOW_UP_TIME,
  lisbonDateTimeToIso,
  type CallResult,
} from '@casa/shared-schema';
import { MutationRejection, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { textFieldProps } from '../../ui/form-field-props';
import { callLogErrorTitle, lisbonTomorrow } from './cold-calls.logic';
import { useFullScreenDialog } from './use-full-screen-dialog';

const formSchema = callLogFormSchema.extend({ followUpDate: z.string() });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export type CallTarget = { id: string; name: string; phone: string | null };

const defaults = (): FormInput => ({
  result: '',
  notes: '',
  duration: '0' as unknown as number,
  followUpDate: lisbonTomorrow(),
  followUpTime: DEFAULT_CALL_FOLLOW_UP_TIME,
});

/**
 * 'Registar chamada' (docs/product.md#cold-calls): result required, notes, duration in minutes (default 0) and, for
 * Interessado / Agendar Follow-up, a follow-up (date, time default 10:00 Lisbon; empty date: none).
 */
export function CallLogDialog({
  client,
  campaignId,
  onClose,
}: {
  client: CallTarget | null;
  campaignId?: string | null;
  onClose: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();
  const fullScreen = useFullScreenDialog();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(),
  });
  const field = textFieldProps(register, errors);
  const result = useWatch({ control, name: 'result' }) as CallResult | '';
  const withFollowUp = callNeedsFollowUp(result || null);

  useEffect(() => {
    if (client) reset(defaults());
  }, [client, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!sync || !client) return;
    const scheduledDate =
      withFollowUp && values.followUpDate
        ? lisbonDateTimeToIso(values.followUpDate, values.followUpTime)
        : null;
    try {
      await sync.mutate.logColdCall({
        clientId: client.id,
        campaignId: campaignId ?? null,
        result: values.result,
        notes: values.notes,
        duration: values.duration,
        followUp: scheduledDate ? { scheduledDate } : null,
      });
      toast({ title: 'Chamada registada com sucesso!', variant: 'success' });
      onClose();
    } catch (err) {
      const rejection = err instanceof MutationRejection ? err : null;
      toast({
        title: callLogErrorTitle(rejection?.fieldErrors),
        description: rejectionMessage(err),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={Boolean(client)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="call-log-title"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="call-log-title">Registar chamada</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="textSecondary">
              {client?.name}
              {client?.phone ? ` · ${client.phone}` : ''}
            </Typography>
            <Controller
              control={control}
              name="result"
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  label="Resultado *"
                  value={f.value ?? ''}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {CALL_RESULTS.map((r) => (
                    <MenuItem key={r} value={r}>
                      {r}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField {...field('notes', 'Notas')} multiline minRows={3} />
            <TextField
              {...field('duration', 'Duração (minutos)')}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            />
            {withFollowUp && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...field('followUpDate', 'Data do follow-up')}
                  type="date"
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  {...field('followUpTime', 'Hora do follow-up')}
                  type="time"
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || !sync}>
            Guardar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
