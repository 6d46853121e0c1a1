import { useId, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * The confirmation before an irreversible action (a delete, a removal): a title, what will be lost, Cancelar
 * and the red action. While `onConfirm` runs both buttons wait and the dialog cannot be dismissed; what
 * happens next (toast, close, navigate) is the caller's, so a refused write leaves the dialog open.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open?: boolean;
  title: string;
  /** The consequences, as a sentence or two (inside DialogContentText). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const id = useId();
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
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
