import { useEffect, useRef, useState } from 'react';
import { Stack, Typography } from '@mui/material';
import type { CurrentUser, User } from '@casa/shared-schema';
import { can } from '@casa/shared-schema/values';
import { OfflineNotice } from '../../ui/offline-notice';
import { TabbedPage } from '../../ui/tabbed-page';
import { useToast } from '../../ui/toast-provider';
import { serverMessage } from '../../lib/server-message';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { createOrganizationUser, deleteOrganizationUser, updateOrganizationUser } from './org-admin.api';
import { errorToast, isOfflineError, isSelf, userDisplayName } from './org-admin.logic';
import { FailedAlert, LoadingState, NoPermissionCard } from './org-admin-states';
import { orgAdminTexts as t } from './org-admin.texts';
import { OrganizationHeader, StatCards } from './org-overview-tab';
import { OrgUsersTab } from './org-users-tab';
import { useOnline } from '../../lib/use-online';
import { useOrgAdminData } from './use-org-admin-data';
import { UserDialog } from './user-dialog';
import {
  emptyUserForm,
  formToCreate,
  formToUpdate,
  userToForm,
  type UserFormValues,
} from './user-form.logic';

const TABS = ['overview', 'users'] as const;
type TabKey = (typeof TABS)[number];

type DialogState = { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'remove'; user: User } | null;

/** /admin for organization admins (docs/product.md#organization-admin): the organization, its figures and its users, online. */
export default function OrgAdminScreen({ user }: { user: CurrentUser }) {
  const isAdmin = can(user, 'administerOrganization');
  const [tab, setTab] = useState<TabKey>('overview');
  const [dialog, setDialog] = useState<DialogState>(null);
  const online = useOnline();
  const { state, reload } = useOrgAdminData(isAdmin);
  const toast = useToast();
  const now = new Date();

  // Back online after a failed load: try again by itself.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && state.kind === 'failed') reload();
    wasOnline.current = online;
  }, [online, state.kind, reload]);

  if (!isAdmin) {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        <NoPermissionCard />
      </Stack>
    );
  }

  const afterChange = (title: string) => {
    toast({ title, variant: 'success' });
    setDialog(null);
    reload(true);
  };

  const create = async (values: UserFormValues) => {
    try {
      await createOrganizationUser(formToCreate(values));
      afterChange(t.toasts.created);
    } catch (error) {
      toast(errorToast(t.toasts.createError, error));
      // The server's count may have moved (e.g. the limit was reached elsewhere).
      reload(true);
    }
  };

  const edit = (target: User) => async (values: UserFormValues) => {
    const patch = formToUpdate(values);
    if (isSelf(target, user.id)) {
      delete patch.role;
      delete patch.status;
    }
    try {
      await updateOrganizationUser(target.id, patch);
      afterChange(t.toasts.updated);
    } catch (error) {
      toast(errorToast(t.toasts.updateError, error));
    }
  };

  const toggleStatus = async (target: User) => {
    const status = target.status === 'active' ? 'suspended' : 'active';
    try {
      await updateOrganizationUser(target.id, { status });
      afterChange(status === 'active' ? t.toasts.activated : t.toasts.suspended);
    } catch (error) {
      toast(errorToast(t.toasts.updateError, error));
    }
  };

  const remove = (target: User) => async () => {
    try {
      await deleteOrganizationUser(target.id);
      afterChange(t.toasts.removed);
    } catch (error) {
      toast(errorToast(t.toasts.removeError, error));
    }
  };

  const offline = (
    <OfflineNotice
      variant="card"
      detail={t.offlineText}
      onRetry={() => reload()}
      testId="org-admin-offline"
    />
  );
  const body = () => {
    if (!online) return offline;
    if (state.kind === 'loading') return <LoadingState />;
    if (state.kind === 'failed') {
      if (isOfflineError(state.error, online)) return offline;
      return <FailedAlert message={serverMessage(state.error, t.loadFailed)} onRetry={() => reload()} />;
    }
    const loaded = state.data;
    if (tab === 'overview') {
      return (
        <Stack spacing={3}>
          <OrganizationHeader data={loaded} />
          <StatCards data={loaded} />
        </Stack>
      );
    }
    return (
      <OrgUsersTab
        data={loaded}
        meId={user.id}
        now={now}
        onAdd={() => setDialog({ kind: 'create' })}
        onEdit={(target) => setDialog({ kind: 'edit', user: target })}
        onToggleStatus={(target) => void toggleStatus(target)}
        onRemove={(target) => setDialog({ kind: 'remove', user: target })}
      />
    );
  };

  return (
    <>
      <TabbedPage
        idPrefix="org-admin"
        title={t.title}
        subtitle={t.subtitle}
        tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
        value={tab}
        onChange={setTab}
      >
        {body()}
      </TabbedPage>
      {dialog?.kind === 'create' && (
        <UserDialog
          mode="create"
          initial={emptyUserForm()}
          onSubmit={create}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <UserDialog
          mode="edit"
          initial={userToForm(dialog.user)}
          self={isSelf(dialog.user, user.id)}
          onSubmit={edit(dialog.user)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmRemoveDialog
          name={userDisplayName(dialog.user)}
          onConfirm={remove(dialog.user)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
