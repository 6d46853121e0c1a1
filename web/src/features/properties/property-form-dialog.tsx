import { useMemo, type JSX } from 'react';
import { useForm } from 'react-hook-form';
import { useLiveQuery } from '../../data/live-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Property } from '@casa/shared-schema';
import { errorMessages, MutationRejection, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { useSession } from '../auth/session.queries';
import { agentNames } from '../clients/clients.queries';
import {
  emptyPropertyForm,
  FORM_KEYS,
  propertyFormResolver,
  propertyToForm,
  type PropertyFormValues,
} from './property-form.logic';
import { PropertyFormSections } from './property-form-sections';
import { saveProperty } from './property-save';

/**
 * New property or edit of `property`, every field of the entity in six sections (issue 20), validated
 * by the shared schema and written through the shared mutators on the device (replica + outbox, then
 * synced). Full screen on a phone. `ownerClientId`: a new property of that seller.
 */
export function PropertyFormDialog(props: {
  open: boolean;
  onClose: () => void;
  property?: Property;
  ownerClientId?: string;
  onSaved?: (id: string) => void;
}): JSX.Element {
  // A fresh form per property (and per opening of a create): the values never leak between them.
  return props.open ? <PropertyForm key={props.property?.id ?? 'new'} {...props} /> : <></>;
}

function PropertyForm({
  onClose,
  property,
  ownerClientId,
  onSaved,
}: {
  onClose: () => void;
  property?: Property;
  ownerClientId?: string;
  onSaved?: (id: string) => void;
}) {
  const sync = useSyncClient();
  const db = sync?.db;
  const toast = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { user } = useSession();
  const agents = useLiveQuery(() => (db ? agentNames(db) : new Map<string, string>()), [db]) ?? new Map();
  const defaultValues = useMemo(
    () =>
      property ? propertyToForm(property) : emptyPropertyForm({ ownerClientId, agentId: user?.id ?? null }),
    [property, ownerClientId, user?.id],
  );
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PropertyFormValues>({ resolver: propertyFormResolver, defaultValues });
  const editing = property !== undefined;

  const onValid = async (values: PropertyFormValues) => {
    if (!sync) return;
    let id: string;
    try {
      id = await saveProperty(sync.mutate, values, property);
    } catch (error) {
      // The mutator's field messages (a reference taken, an owner that is not a seller) go under the field.
      if (error instanceof MutationRejection)
        for (const [key, message] of Object.entries(error.fieldErrors ?? {}))
          if ((FORM_KEYS as string[]).includes(key))
            setError(key as keyof PropertyFormValues, { type: 'server', message });
      toast({
        title: editing ? errorMessages.propertyUpdateFailed : errorMessages.propertyCreateFailed,
        description: rejectionMessage(error, errorMessages.checkDataAndRetry),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: editing ? 'Imóvel atualizado com sucesso!' : 'Imóvel criado com sucesso!',
      variant: 'success',
    });
    onSaved?.(id);
    onClose();
  };
  // No toast for a form that does not pass: the first wrong field gets the focus with its message, and
  // on a phone a toast would cover the save button.

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="property-form-title"
    >
      <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate>
        <DialogTitle id="property-form-title">{editing ? 'Editar Imóvel' : 'Novo Imóvel'}</DialogTitle>
        <DialogContent dividers>
          <PropertyFormSections
            control={control}
            register={register}
            errors={errors}
            setValue={(name, value) => setValue(name, value, { shouldDirty: true })}
            agents={agents}
            autoFocus={!editing}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || !sync}>
            {editing ? 'Guardar Alterações' : 'Criar Imóvel'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
