import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  DIRECTION_LABELS,
  DIRECTIONS,
  errorMessages,
  INTERACTION_RESULTS,
  INTERACTION_TYPES,
  interactionCreateSchema,
  validationMessages,
  type CurrentUser,
} from '@casa/shared-schema';
import { rejectionMessage } from '@casa/shared-schema/values';
import type { z } from 'zod';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { useFullScreenDialog } from './client-visuals';

const interactionFormSchema = interactionCreateSchema.omit({ id: true, clientId: true });
type Fields = z.input<typeof interactionFormSchema>;
type Parsed = z.output<typeof interactionFormSchema>;

/** The form offers nine types (docs/product.md#clients, Interactions); 'Chamada' is what the dashboard marathon logs. */
const FORM_TYPES = INTERACTION_TYPES.filter((t) => t !== 'Chamada');

const EMPTY: Fields = {
  type: '',
  direction: 'outgoing',
  result: '',
  summary: '',
  notes: '',
  duration: '',
  followUpRequired: false,
  followUpDate: '',
};

/** 'Nova Interação' (docs/product.md#clients): type required, empty texts sent as null; closes and resets on success. */
export function InteractionFormDialog({
  clientId,
  user,
  open,
  onClose,
}: {
  clientId: string;
  user: CurrentUser | null;
  open: boolean;
  onClose: () => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();
  const fullScreen = useFullScreenDialog();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, Parsed>({
    resolver: zodResolver(interactionFormSchema),
    defaultValues: EMPTY,
  });
  const followUp = useWatch({ control, name: 'followUpRequired' });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!user?.id || !user.organizationId || !sync) {
      toast({ title: validationMessages.userDataUnavailable, variant: 'destructive' });
      return;
    }
    try {
      await sync.mutate.addInteraction({
        ...values,
        clientId,
        followUpDate: values.followUpRequired ? values.followUpDate : null,
      });
    } catch (error) {
      toast({
        title: errorMessages.interactionCreateFailed,
        description: rejectionMessage(error, errorMessages.checkDataAndRetry),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: errorMessages.interactionCreated, variant: 'success' });
    close();
  });

  const helper = (message: unknown) => (typeof message === 'string' ? message : undefined);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="interaction-form-title"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="interaction-form-title">Nova Interação</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField
                  select
                  label="Tipo de Interação *"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(errors.type)}
                  helperText={helper(errors.type?.message)}
                >
                  {FORM_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {t}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="direction"
                render={({ field }) => (
                  <TextField
                    select
                    label="Direção"
                    value={field.value ?? 'outgoing'}
                    onChange={field.onChange}
                    fullWidth
                  >
                    {DIRECTIONS.map((d) => (
                      <MenuItem key={d} value={d}>
                        {DIRECTION_LABELS[d]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="result"
                render={({ field }) => (
                  <TextField
                    select
                    label="Resultado"
                    value={(field.value as string | null) ?? ''}
                    onChange={field.onChange}
                    fullWidth
                    error={Boolean(errors.result)}
                    helperText={helper(errors.result?.message)}
                  >
                    <MenuItem value="">
                      <em>Sem resultado</em>
                    </MenuItem>
                    {INTERACTION_RESULTS.map((r) => (
                      <MenuItem key={r} value={r}>
                        {r}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField
              label="Resumo"
              {...register('summary')}
              error={Boolean(errors.summary)}
              helperText={helper(errors.summary?.message)}
            />
            <TextField
              label="Notas"
              multiline
              minRows={3}
              {...register('notes')}
              error={Boolean(errors.notes)}
              helperText={helper(errors.notes?.message)}
            />
            <TextField
              label="Duração (minutos)"
              type="number"
              {...register('duration')}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              error={Boolean(errors.duration)}
              helperText={helper(errors.duration?.message)}
            />
            <Controller
              control={control}
              name="followUpRequired"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={Boolean(field.value)} onChange={(_, v) => field.onChange(v)} />}
                  label="Requer follow-up"
                />
              )}
            />
            {followUp && (
              <TextField
                label="Data do follow-up"
                type="date"
                {...register('followUpDate')}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.followUpDate)}
                helperText={helper(errors.followUpDate?.message)}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Registar Interação
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
