import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { orgAdminTexts as t } from './org-admin.texts';

/** Deleting an admin-area user needs confirmation (docs/product.md#organization-admin). */
export function ConfirmRemoveDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="org-remove-title"
      aria-describedby="org-remove-text"
    >
      <DialogTitle id="org-remove-title">{t.remove.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="org-remove-text">{t.remove.text(name)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t.remove.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={busy}>
          {t.remove.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
