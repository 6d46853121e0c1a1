import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormLabel,
  MenuItem,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLiveQuery } from '../../data/live-query';
import { CLIENT_FORM_ERROR, CLIENT_TYPES, errorMessages, type ClientType } from '@casa/shared-schema';
import { rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { textFieldProps } from '../../ui/form-field-props';
import { useToast } from '../../ui/toast-provider';
import { ClientCustomFields } from './client-custom-fields';
import {
  clientFormResolver,
  clientToForm,
  emptyClientForm,
  type ClientFormValues,
} from './client-form.logic';
import { saveClient, TagSaveError } from './client-save';
import { starsLabel, useFullScreenDialog } from './client-visuals';
import { allTags, clientDetail } from './clients.queries';
import { TagPicker } from './tag-picker';
import { useReplicaSettled } from '../../data/sync-state';

const half = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/** A later sync update of the stored client changes only the fields not typed in. */
const KEEP_WHAT_THE_USER_DID = {
  keepDirtyValues: true,
  keepErrors: true,
  keepTouched: true,
  keepIsSubmitted: true,
  keepSubmitCount: true,
} as const;

/** New client (action=create) or edit (edit={id}) — docs/product.md#clients, saved on the replica then synced. */
export function ClientFormDialog({
  clientId,
  defaultType,
  onClose,
}: {
  clientId?: string;
  defaultType?: ClientType;
  onClose: () => void;
}) {
  const sync = useSyncClient();
  const db = sync?.db;
  const toast = useToast();
  const fullScreen = useFullScreenDialog();
  const settled = useReplicaSettled(sync);
  const editing = clientId !== undefined;
  const tags = useLiveQuery(() => (db ? allTags(db) : []), [db]) ?? [];
  const detail = useLiveQuery(
    () => (db && clientId ? clientDetail(db, clientId) : undefined),
    [db, clientId],
  );
  const current = detail?.client ?? null;
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClientFormValues>({
    resolver: clientFormResolver,
    defaultValues: emptyClientForm(defaultType),
  });
  const field = textFieldProps(register, errors);
  const type = useWatch({ control, name: 'type' });

  // Fill the form with the stored client, then put each later sync update into the fields not typed in: a
  // dialog opened before the pull that brings the client's new tag shows the tag once it lands, and what is
  // typed, the messages shown and the submit state are kept.
  const filled = useRef(false);
  useEffect(() => {
    if (!current) return;
    reset(clientToForm(current, current.tagDetails), filled.current ? KEEP_WHAT_THE_USER_DID : undefined);
    filled.current = true;
  }, [current, reset]);

  const onValid = async (values: ClientFormValues) => {
    if (!sync) return;
    try {
      await saveClient(
        sync.mutate,
        values,
        tags,
        current ? { client: current, tagIds: current.tagDetails.map((t) => t.id) } : undefined,
      );
    } catch (error) {
      if (error instanceof TagSaveError) {
        toast({
          title: errorMessages.tagCreateFailed,
          description: rejectionMessage(error.reason, errorMessages.tagCreateFailedDefault),
          variant: 'destructive',
        });
      } else {
        toast({
          title: editing ? errorMessages.clientUpdateFailed : errorMessages.clientCreateFailed,
          description: rejectionMessage(error, errorMessages.checkDataAndRetry),
          variant: 'destructive',
        });
      }
      return;
    }
    toast({ title: editing ? errorMessages.clientUpdated : errorMessages.clientCreated, variant: 'success' });
    onClose();
  };
  const onInvalid = () => toast({ ...CLIENT_FORM_ERROR, variant: 'destructive' });

  const waiting = editing && !current && !(detail && settled);
  const missing = editing && !current && detail !== undefined && settled;
  const title = editing ? 'Editar Cliente' : 'Novo Cliente';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="client-form-title"
    >
      <form onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} noValidate>
        <DialogTitle id="client-form-title">{title}</DialogTitle>
        <DialogContent dividers>
          {waiting ? (
            <Stack sx={{ alignItems: 'center', py: 6 }}>
              <CircularProgress aria-label="A carregar cliente" />
            </Stack>
          ) : missing ? (
            <Stack
              spacing={1}
              sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
              data-testid="client-not-found"
            >
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
                {errorMessages.clientNotFound}
              </Typography>
              <Typography color="textSecondary">{errorMessages.clientLoadFailed}</Typography>
            </Stack>
          ) : (
            <Stack spacing={2.5}>
              <Box sx={half}>
                <TextField {...field('name', 'Nome *', 'name')} autoFocus={!editing} />
                <Controller
                  control={control}
                  name="type"
                  render={({ field: f }) => (
                    <TextField
                      select
                      label="Tipo *"
                      value={f.value}
                      onChange={f.onChange}
                      inputRef={f.ref}
                      error={Boolean(errors.type)}
                      helperText={errors.type?.message}
                    >
                      {CLIENT_TYPES.map((t) => (
                        <MenuItem key={t} value={t}>
                          {t}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <TextField {...field('email', 'Email', 'email')} type="email" />
                <TextField {...field('phone', 'Telefone', 'tel')} type="tel" />
                <TextField
                  {...field('birthday', 'Data de Nascimento', 'bday')}
                  type="date"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Controller
                  control={control}
                  name="rating"
                  render={({ field: f }) => (
                    <FormControl component="fieldset">
                      <FormLabel component="legend" sx={{ fontSize: 12 }}>
                        Classificação
                      </FormLabel>
                      <Rating
                        name="rating"
                        value={f.value || null}
                        max={5}
                        onChange={(_, v) => f.onChange(v ?? 0)}
                        getLabelText={starsLabel}
                        emptyLabelText="Sem classificação"
                        size="large"
                      />
                    </FormControl>
                  )}
                />
              </Box>
              <TextField {...field('notes', 'Notas')} multiline minRows={3} />
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
                  Detalhes do {type}
                </Typography>
                <Box sx={half}>
                  <ClientCustomFields type={type} control={control} errors={errors} />
                </Box>
              </Box>
              <Controller
                control={control}
                name="tags"
                render={({ field: f }) => (
                  <Controller
                    control={control}
                    name="tagDraft"
                    render={({ field: d }) => (
                      <TagPicker
                        value={f.value}
                        onChange={f.onChange}
                        existing={tags}
                        draft={d.value}
                        onDraftChange={d.onChange}
                        formError={errors.tags?.message}
                      />
                    )}
                  />
                )}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          {!waiting && !missing && (
            <Button type="submit" variant="contained" disabled={isSubmitting || !sync}>
              {editing ? 'Guardar Alterações' : 'Criar Cliente'}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
