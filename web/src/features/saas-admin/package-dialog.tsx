import { useState } from 'react';
import {
  Alert,
  Box,
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
import type { Package, PackageAudience } from '@casa/shared-schema';
import { errorMessages, PACKAGE_AUDIENCES } from '@casa/shared-schema/values';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';
import { useToast } from '../../ui/toast-provider';
import { serverMessage } from '../../lib/server-message';
import {
  emptyPackageForm,
  packageFormToPayload,
  packageToForm,
  type PackageFormErrors,
  type PackageFormValues,
} from './package-form';
import { createPackage, updatePackage } from './saas-admin.api';
import { isOfflineError } from './saas-errors';
import { addUnique, StringListEditor } from './string-list-editor';
import { usePhone } from './use-phone';
import { PACKAGE_AUDIENCE_PLURAL } from './packages-by-audience';

/** Create / edit a package (docs/product.md#saas-admin package form, docs/product.md#saas-admin defaults). */
export function PackageDialog({
  pkg,
  onClose,
  onSaved,
}: {
  pkg: Package | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const phone = usePhone();
  const toast = useToast();
  const [values, setValues] = useState<PackageFormValues>(() =>
    pkg ? packageToForm(pkg) : emptyPackageForm(),
  );
  const [errors, setErrors] = useState<PackageFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = pkg ? 'Editar Package' : 'Novo Package';
  const set = <K extends keyof PackageFormValues>(key: K, value: PackageFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = (key: keyof PackageFormValues) => ({
    id: `package-${key}`,
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
  });

  const save = async () => {
    const result = packageFormToPayload(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const fallback = pkg ? errorMessages.packageUpdateFailed : errorMessages.packageCreateFailed;
    try {
      if (pkg) await updatePackage(pkg.id, result.payload);
      else await createPackage(result.payload);
      toast({ title: pkg ? 'Package atualizado' : 'Package criado', variant: 'success' });
      onSaved();
    } catch (error) {
      const detail = isOfflineError(error) ? OFFLINE_DETAIL : serverMessage(error, '');
      setFailure(detail && detail !== fallback ? `${fallback}: ${detail}` : fallback);
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
      aria-labelledby="package-dialog-title"
    >
      <DialogTitle id="package-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label="Nome (técnico) *" {...field('name')} placeholder="org-starter" />
            <TextField label="Nome de apresentação *" {...field('displayName')} />
          </Box>
          <TextField
            id="package-audience"
            select
            label="Destinado a"
            value={values.audience}
            onChange={(e) => set('audience', e.target.value as PackageAudience)}
            fullWidth
          >
            {PACKAGE_AUDIENCES.map((a) => (
              <MenuItem key={a} value={a}>
                {PACKAGE_AUDIENCE_PLURAL[a]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Descrição" {...field('description')} multiline minRows={2} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr' } }}>
            <TextField
              label="Preço mensal *"
              {...field('price')}
              type="number"
              slotProps={{ htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' } }}
            />
            <TextField label="Moeda" {...field('currency')} slotProps={{ htmlInput: { maxLength: 3 } }} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr 1fr' }}>
            <TextField
              label="Máx. utilizadores *"
              {...field('maxUsers')}
              type="number"
              slotProps={{ htmlInput: { step: 1, min: 0 } }}
            />
            <TextField
              label="Máx. clientes *"
              {...field('maxClients')}
              type="number"
              slotProps={{ htmlInput: { step: 1, min: 0 } }}
            />
            <TextField
              label="Ordem"
              {...field('sortOrder')}
              type="number"
              slotProps={{ htmlInput: { step: 1 } }}
            />
          </Box>
          <StringListEditor
            label="Nova funcionalidade"
            items={values.features}
            add={addUnique}
            onChange={(features) => set('features', features)}
          />
          <FormControlLabel
            control={<Switch checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
            label="Ativo"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {pkg ? 'Guardar' : 'Criar Package'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
