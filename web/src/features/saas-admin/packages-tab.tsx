import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import {
  errorMessages,
  formatCurrency,
  PACKAGE_AUDIENCE_LABELS,
  packageLabel,
  type Package,
} from '@casa/shared-schema';
import { OFFLINE_DETAIL, OFFLINE_TITLE } from '../../ui/offline-notice';
import { useToast } from '../../ui/toast-provider';
import { PackageDialog } from './package-dialog';
import { limitsText } from './package-form';
import { packagesByAudience } from './packages-by-audience';
import { deletePackage } from './saas-admin.api';
import { isOfflineError } from './saas-errors';

function PackageCard({ pkg, onEdit, onDelete }: { pkg: Package; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box>
            <Typography variant="h6" component="h4">
              {pkg.displayName}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {PACKAGE_AUDIENCE_LABELS[pkg.audience]} · {pkg.name} · Ordem {pkg.sortOrder}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={pkg.isActive ? 'Ativo' : 'Inativo'}
            color={pkg.isActive ? 'success' : 'default'}
          />
        </Stack>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 1 }}>
          {formatCurrency(pkg.price)}
          <Typography component="span" color="textSecondary">
            {' '}
            /mês
          </Typography>
        </Typography>
        {pkg.description && <Typography color="textSecondary">{pkg.description}</Typography>}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {limitsText(pkg.maxUsers, pkg.maxClients)}
        </Typography>
        {pkg.features.length > 0 && (
          <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
            {pkg.features.map((f) => (
              <li key={f}>
                <Typography variant="body2">{f}</Typography>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onEdit} aria-label={`Editar ${packageLabel(pkg)}`}>
          Editar
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Eliminar ${packageLabel(pkg)}`}>
          Eliminar
        </Button>
      </CardActions>
    </Card>
  );
}

/** Packages: card grid, create/edit dialog and delete with confirmation (docs/product.md#saas-admin). */
export function PackagesTab({ packages, onChanged }: { packages: Package[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<Package | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deletePackage(deleting.id);
      toast({ title: 'Package eliminado', variant: 'success' });
      setDeleting(null);
      onChanged();
    } catch (error) {
      toast({
        title: isOfflineError(error) ? OFFLINE_TITLE : errorMessages.packageDeleteFailed,
        description: isOfflineError(error) ? OFFLINE_DETAIL : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Packages
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Novo Package
        </Button>
      </Stack>
      {packages.length === 0 ? (
        <Typography color="textSecondary">Ainda não existem packages.</Typography>
      ) : (
        packagesByAudience(packages).map((section) => (
          <Stack
            key={section.audience}
            spacing={1}
            component="section"
            aria-labelledby={`packages-${section.audience}`}
          >
            <Typography
              id={`packages-${section.audience}`}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700 }}
            >
              {section.heading}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
              }}
            >
              {section.packages.map((p) => (
                <PackageCard
                  key={p.id}
                  pkg={p}
                  onEdit={() => setEditing(p)}
                  onDelete={() => setDeleting(p)}
                />
              ))}
            </Box>
          </Stack>
        ))
      )}
      {editing && (
        <PackageDialog
          pkg={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="package-delete-title"
      >
        <DialogTitle id="package-delete-title">Eliminar package</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Tem a certeza que deseja eliminar o package {deleting ? packageLabel(deleting) : ''}? Esta ação
            não pode ser desfeita.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancelar</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={busy}>
            Eliminar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
