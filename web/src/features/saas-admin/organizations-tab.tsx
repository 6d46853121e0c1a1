import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  errorMessages,
  formatDate,
  ORGANIZATION_PLAN_LABELS,
  ORGANIZATION_STATUS_LABELS,
  packageLabel,
  TABLE_FALLBACK_MAX_CLIENTS,
  TABLE_FALLBACK_MAX_USERS,
  type Organization,
  type Package,
} from '@casa/shared-schema';
import { useToast } from '../../ui/toast-provider';
import { OrganizationActions, type OrganizationHandlers } from './organization-actions';
import { deleteOrganization, setOrganizationStatus } from './saas-admin.api';
import { isProtectedError, organizationErrorMessage } from './saas-errors';
import { usePhone } from './use-phone';
import { usageText } from './organization-usage';

function planText(o: Organization, packages: readonly Package[]): string {
  const pkg = packages.find((p) => p.id === o.packageId);
  return pkg ? packageLabel(pkg) : ORGANIZATION_PLAN_LABELS[o.plan];
}

function StatusChip({ o }: { o: Organization }) {
  const color = o.status === 'active' ? 'success' : o.status === 'suspended' ? 'error' : 'default';
  return <Chip size="small" label={ORGANIZATION_STATUS_LABELS[o.status]} color={color} />;
}

/** Organizações: table (cards on a phone), status toggle and delete with confirmation (docs/product.md#saas-admin). */
export function OrganizationsTab({
  organizations,
  packages,
  onChanged,
  onCreate,
  onEdit,
  onRegistrationSettings,
}: {
  organizations: Organization[];
  packages: Package[];
  onChanged: () => void;
  onCreate: () => void;
  onEdit: (o: Organization) => void;
  onRegistrationSettings: (o: Organization) => void;
}) {
  const phone = usePhone();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Organization | null>(null);
  const [busy, setBusy] = useState(false);

  const toggleStatus = async (o: Organization) => {
    const next = o.status === 'suspended' ? 'active' : 'suspended';
    try {
      await setOrganizationStatus(o.id, next);
      toast({
        title: next === 'active' ? 'Organização ativada' : 'Organização suspensa',
        variant: 'success',
      });
      onChanged();
    } catch (error) {
      toast({
        title: 'Erro',
        description: organizationErrorMessage(error, 'status'),
        variant: 'destructive',
      });
    }
  };

  const askDelete = (o: Organization) => {
    if (o.isProtected) {
      toast({
        title: errorMessages.organizationProtected,
        description: 'Esta organização está protegida e não pode ser eliminada.',
        variant: 'destructive',
      });
      return;
    }
    setDeleting(o);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteOrganization(deleting.id);
      toast({ title: 'Organização eliminada', variant: 'success' });
      setDeleting(null);
      onChanged();
    } catch (error) {
      setDeleting(null);
      toast({
        title: isProtectedError(error) ? errorMessages.organizationProtected : 'Erro',
        description: organizationErrorMessage(error, 'delete'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const handlers: OrganizationHandlers = {
    onEdit,
    onRegistrationSettings,
    onToggleStatus: (o) => void toggleStatus(o),
    onDelete: askDelete,
  };

  const list = phone ? (
    <Stack spacing={1.5}>
      {organizations.map((o) => (
        <Card key={o.id} variant="outlined">
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {o.name}
                </Typography>
                <Typography variant="body2" color="textSecondary" noWrap>
                  {o.email ?? '—'}
                </Typography>
              </Box>
              <StatusChip o={o} />
            </Stack>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {planText(o, packages)} · Utilizadores{' '}
              {usageText(o.userCount, o.maxUsers, TABLE_FALLBACK_MAX_USERS)} · Clientes{' '}
              {usageText(o.clientCount, o.maxClients, TABLE_FALLBACK_MAX_CLIENTS)}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              Criada em {formatDate(o.createdAt)}
            </Typography>
            <OrganizationActions organization={o} handlers={handlers} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  ) : (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label="Organizações">
        <TableHead>
          <TableRow>
            <TableCell>Nome</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Plano</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell>Utilizadores</TableCell>
            <TableCell>Clientes</TableCell>
            <TableCell>Criada em</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organizations.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{o.name}</TableCell>
              <TableCell>{o.email ?? '—'}</TableCell>
              <TableCell>{planText(o, packages)}</TableCell>
              <TableCell>
                <StatusChip o={o} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {usageText(o.userCount, o.maxUsers, TABLE_FALLBACK_MAX_USERS)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {usageText(o.clientCount, o.maxClients, TABLE_FALLBACK_MAX_CLIENTS)}
              </TableCell>
              <TableCell>{formatDate(o.createdAt)}</TableCell>
              <TableCell align="right">
                <OrganizationActions organization={o} handlers={handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Organizações
        </Typography>
        <Button variant="contained" onClick={onCreate}>
          Nova Organização
        </Button>
      </Stack>
      {organizations.length === 0 ? (
        <Typography color="textSecondary">Ainda não existem organizações.</Typography>
      ) : (
        list
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="organization-delete-title"
      >
        <DialogTitle id="organization-delete-title">Eliminar organização</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Tem a certeza que deseja eliminar a organização {deleting?.name}? Todos os utilizadores, clientes
            e dados desta organização serão eliminados. Esta ação não pode ser desfeita.
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
