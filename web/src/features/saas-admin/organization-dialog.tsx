import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { packageLabel, type Organization, type Package } from '@casa/shared-schema';
import { useToast } from '../../ui/toast-provider';
import {
  choosePackage,
  organizationFormToPayload,
  organizationToForm,
  type OrganizationFormValues,
} from './organization-form';
import { createOrganization, updateOrganization } from './saas-admin.api';
import { organizationErrorMessage } from './saas-errors';
import { usePhone } from './use-phone';

/** Create / edit an organization (docs/product.md#saas-admin): email disabled in edit, package choice copies limits. */
export function OrganizationDialog({
  organization,
  packages,
  onClose,
  onSaved,
}: {
  organization: Organization | null;
  packages: Package[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const phone = usePhone();
  const toast = useToast();
  const [values, setValues] = useState<OrganizationFormValues>(() =>
    organizationToForm(organization, packages),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = organization !== null;
  const set = (key: keyof OrganizationFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const save = async () => {
    const result = organizationFormToPayload(values);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (organization) {
        const { email: _email, ...patch } = result.payload;
        await updateOrganization(organization.id, patch);
      } else {
        await createOrganization(result.payload);
      }
      toast({ title: editing ? 'Organização atualizada' : 'Organização criada', variant: 'success' });
      onSaved();
    } catch (err) {
      setError(organizationErrorMessage(err, editing ? 'edit' : 'create'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="organization-dialog-title"
    >
      <DialogTitle id="organization-dialog-title">
        {editing ? 'Editar Organização' : 'Nova Organização'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            id="organization-name"
            label="Nome *"
            value={values.name}
            onChange={set('name')}
            fullWidth
          />
          <TextField
            id="organization-email"
            label="Email *"
            type="email"
            value={values.email}
            onChange={set('email')}
            disabled={editing}
            fullWidth
          />
          <TextField
            id="organization-package"
            select
            label="Package"
            value={values.packageId}
            onChange={(e) => setValues((v) => choosePackage(v, e.target.value, packages))}
            fullWidth
          >
            {packages.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {packageLabel(p)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <TextField
              id="organization-max-users"
              label="Máx. utilizadores"
              type="number"
              value={values.maxUsers}
              onChange={set('maxUsers')}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <TextField
              id="organization-max-clients"
              label="Máx. clientes"
              type="number"
              value={values.maxClients}
              onChange={set('maxClients')}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {editing ? 'Guardar' : 'Criar Organização'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
