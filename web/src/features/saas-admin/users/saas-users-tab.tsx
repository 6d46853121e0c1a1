import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import type { CurrentUser, User } from '@casa/shared-schema';
import { errorMessages, ROLE_LABELS, ROLES } from '@casa/shared-schema/values';
import { useLoad } from '../../../lib/use-load';
import { OfflineNotice } from '../../../ui/offline-notice';
import { useToast } from '../../../ui/toast-provider';
import { serverMessage } from '../../../lib/server-message';
import { DeleteSaasUserDialog } from './delete-saas-user-dialog';
import { SaasUserDialog } from './saas-user-dialog';
import type { SaasUserPayload } from './saas-user-form';
import {
  createSaasUser,
  deleteSaasUser,
  isOfflineError,
  loadSaasOrganizations,
  loadSaasUsers,
  saasUserFailure,
  setSaasUserStatus,
  updateSaasUser,
  type SaasUserAction,
} from './saas-users.api';
import { filterSaasUsers, NO_ORGANIZATION, type SaasUserFilters } from './saas-users.logic';
import { SaasUsersTable } from './saas-users-table';
import { saasUsersTexts as t } from './saas-users.texts';

const FAILURE_TITLE: Record<SaasUserAction, string> = {
  create: errorMessages.orgUserCreateFailed,
  edit: errorMessages.orgUserUpdateFailed,
  status: t.statusFailed,
  delete: errorMessages.orgUserDeleteFailed,
};

// The filters show 'Todas as …' when empty rather than a bare label.
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

/** SaaS admin › Utilizadores (docs/product.md#saas-admin): every user of every organization, online only. */
export function SaasUsersTab({ user, initialQuery = '' }: { user: CurrentUser; initialQuery?: string }) {
  const toast = useToast();
  const [round, setRound] = useState(0);
  const users = useLoad(() => loadSaasUsers(), `${user.id}-${round}`);
  const organizations = useLoad(() => loadSaasOrganizations(), `${user.id}-${round}`);
  const [filters, setFilters] = useState<SaasUserFilters>({
    q: initialQuery,
    role: '',
    organizationId: '',
  });
  const [dialog, setDialog] = useState<{ editing: User | null } | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const shown = useMemo(() => filterSaasUsers(users.data ?? [], filters), [users.data, filters]);

  const fail = (action: SaasUserAction, error: unknown) =>
    toast({
      title: FAILURE_TITLE[action],
      description: saasUserFailure(error, action),
      variant: 'destructive',
    });

  /** Shows the server's answer at once, then reloads the list quietly (others may have changed it). */
  const applied = (change: (list: User[]) => User[]) => {
    users.setData((list) => change(list ?? []));
    loadSaasUsers().then(users.setData, () => undefined);
  };

  const save = async (payload: SaasUserPayload): Promise<boolean> => {
    const action = payload.mode === 'create' ? 'create' : 'edit';
    try {
      if (payload.mode === 'create') {
        const made = await createSaasUser(payload.input);
        applied((list) => [made, ...list]);
        toast({ title: t.created, variant: 'success' });
      } else {
        const id = dialog?.editing?.id ?? '';
        const saved = await updateSaasUser(id, payload.input);
        applied((list) => list.map((u) => (u.id === saved.id ? saved : u)));
        toast({ title: t.updated, variant: 'success' });
      }
      return true;
    } catch (error) {
      fail(action, error);
      return false;
    }
  };

  const toggleStatus = async (target: User) => {
    const status = target.status === 'active' ? 'suspended' : 'active';
    setBusyId(target.id);
    try {
      const saved = await setSaasUserStatus(target.id, status);
      applied((list) => list.map((u) => (u.id === saved.id ? saved : u)));
      toast({ title: status === 'active' ? t.activated : t.suspended, variant: 'success' });
    } catch (error) {
      fail('status', error);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (target: User): Promise<boolean> => {
    setBusyId(target.id);
    try {
      await deleteSaasUser(target.id);
      applied((list) => list.filter((u) => u.id !== target.id));
      toast({ title: t.deleted, variant: 'success' });
      return true;
    } catch (error) {
      fail('delete', error);
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const retry = () => setRound((r) => r + 1);
  const loadError = users.error ?? organizations.error;
  let body;
  if (loadError) {
    body = isOfflineError(loadError) ? (
      <OfflineNotice onRetry={retry} testId="no-connection" />
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t.retry}
          </Button>
        }
      >
        {serverMessage(loadError, t.loadFailed)}
      </Alert>
    );
  } else if (users.loading || organizations.loading) {
    body = <Skeleton variant="rounded" height={320} aria-busy="true" aria-label={t.title} />;
  } else {
    body = (
      <SaasUsersTable
        users={shown}
        actions={{
          onEdit: (u) => setDialog({ editing: u }),
          onToggleStatus: (u) => void toggleStatus(u),
          onDelete: setDeleting,
          busyId,
        }}
      />
    );
  }

  const total = users.data?.length ?? 0;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {t.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" aria-live="polite">
                {users.data ? t.count(shown.length, total) : t.subtitle}
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDialog({ editing: null })}
              disabled={!organizations.data}
            >
              {t.newUser}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
            <TextField
              type="search"
              label={t.search}
              value={filters.q}
              onChange={(e) => setFilters((f) => ({ ...f, q: e.target.value }))}
              size="small"
              sx={{ flex: 2 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              label={t.roleFilter}
              value={filters.role}
              onChange={(e) => setFilters((f) => ({ ...f, role: e.target.value as SaasUserFilters['role'] }))}
              size="small"
              sx={{ flex: 1, minWidth: 160 }}
              slotProps={showAll}
            >
              <MenuItem value="">{t.allRoles}</MenuItem>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t.organizationFilter}
              value={filters.organizationId}
              onChange={(e) => setFilters((f) => ({ ...f, organizationId: e.target.value }))}
              size="small"
              sx={{ flex: 1, minWidth: 180 }}
              slotProps={showAll}
            >
              <MenuItem value="">{t.allOrganizations}</MenuItem>
              <MenuItem value={NO_ORGANIZATION}>{t.noOrganization}</MenuItem>
              {(organizations.data ?? []).map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {body}
        </Stack>
      </CardContent>
      {dialog && (
        <SaasUserDialog
          editing={dialog.editing}
          organizations={organizations.data ?? []}
          onClose={() => setDialog(null)}
          onSubmit={save}
        />
      )}
      <DeleteSaasUserDialog user={deleting} onClose={() => setDeleting(null)} onConfirm={remove} />
    </Card>
  );
}
