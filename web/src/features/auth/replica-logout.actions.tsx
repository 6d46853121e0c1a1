import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSyncClient } from '../../data/sync-provider';
import { useOpenedOnce } from '../../lib/later-mount';
import { logout } from './auth.actions';

export const replicaLogoutTexts = {
  title: 'Alterações por sincronizar',
  body: (n: number) =>
    `${n === 1 ? 'Existe 1 alteração' : `Existem ${n} alterações`} feita${n === 1 ? '' : 's'} neste dispositivo que ainda não chegou ao servidor. Se terminar a sessão agora, ${n === 1 ? 'perde-se' : 'perdem-se'}. Ligue-se à internet para sincronizar antes de sair.`,
  cancel: 'Cancelar',
  discard: 'Sair e descartar',
} as const;

/**
 * Logout with the local replica: first sends what is pending, then deletes the replica and signs out.
 * With writes that could not be sent it asks first (they would be lost); the super admin has no replica.
 */
export function useReplicaLogout(signOut: () => void | Promise<void> = logout): {
  logout: () => Promise<void>;
  dialog: ReactNode;
} {
  const client = useSyncClient();
  const [pending, setPending] = useState(0);
  const dialogMounted = useOpenedOnce(pending > 0);

  const start = async () => {
    if (!client) return signOut();
    const result = await client.logout();
    if (result.cleared) return signOut();
    setPending(result.pending);
  };

  const discard = async () => {
    setPending(0);
    if (client) await client.logout({ force: true });
    await signOut();
  };

  const dialog = dialogMounted && (
    <Dialog open={pending > 0} onClose={() => setPending(0)} aria-labelledby="replica-logout-title">
      <DialogTitle id="replica-logout-title">{replicaLogoutTexts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{replicaLogoutTexts.body(pending)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPending(0)} autoFocus>
          {replicaLogoutTexts.cancel}
        </Button>
        <Button color="error" onClick={() => void discard()}>
          {replicaLogoutTexts.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { logout: start, dialog };
}
