import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { Client, CurrentUser } from '@casa/shared-schema';
import { useFullScreenDialog } from './client-visuals';
import { InteractionHistory } from './interaction-history';

/** The card's 'Histórico' button. */
export function InteractionHistoryDialog({
  client,
  user,
  onClose,
}: {
  client: Pick<Client, 'id' | 'name'>;
  user: CurrentUser | null;
  onClose: () => void;
}) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="history-dialog-title"
    >
      <DialogTitle id="history-dialog-title">
        {client.name}
        <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
          Interações com o cliente
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <InteractionHistory clientId={client.id} user={user} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
