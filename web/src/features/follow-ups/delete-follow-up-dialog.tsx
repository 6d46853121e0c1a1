import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';
import { useFollowUpActions } from './follow-up-actions';

type Props = { followUp: Pick<FollowUp, 'id' | 'title'> | null; onClose: () => void };

/** Confirmation before removing a follow-up (needs canDelete). */
export function DeleteFollowUpDialog({ followUp, onClose }: Props) {
  const actions = useFollowUpActions();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={followUp !== null} onClose={onClose} aria-labelledby="delete-follow-up-title">
      <DialogTitle id="delete-follow-up-title">Remover follow-up</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Tem a certeza de que pretende remover o follow-up «{followUp?.title}»? Esta ação é irreversível.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || !followUp}
          onClick={async () => {
            if (!followUp) return;
            setBusy(true);
            const removed = await actions.remove(followUp.id);
            setBusy(false);
            if (removed) onClose();
          }}
        >
          Remover
        </Button>
      </DialogActions>
    </Dialog>
  );
}
