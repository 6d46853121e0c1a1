import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { User } from '@casa/shared-schema';
import { saasUserName } from './saas-users.logic';
import { saasUsersTexts as t } from './saas-users.texts';

/** docs/product.md#saas-admin: deleting an admin-area user needs confirmation. `onConfirm` resolves true when it went. */
export function DeleteSaasUserDialog({
  user,
  onClose,
  onConfirm,
}: {
  user: User | null;
  onClose: () => void;
  onConfirm: (user: User) => Promise<boolean>;
}) {
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!user) return;
    setDeleting(true);
    try {
      if (await onConfirm(user)) onClose();
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Dialog open={Boolean(user)} onClose={onClose} aria-labelledby="delete-saas-user-title">
      <DialogTitle id="delete-saas-user-title">{t.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {user ? t.deleteBody(`${saasUserName(user)} (${user.email})`) : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={deleting}>
          {t.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
