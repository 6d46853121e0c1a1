import { useState, useSyncExternalStore } from 'react';
import { Button, Snackbar } from '@mui/material';
import { useOpenedOnce } from '../../lib/later-mount';
import { updateStore } from './service-worker';

/** "Nova versão disponível": shown when a new service worker is waiting. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  const [later, setLater] = useState(false);
  const open = apply !== null && !later;
  // Mounted at its first showing, not in the frame's first commit (issue 19).
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      message="Está disponível uma nova versão do Casa CRM."
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setLater(true)}>
            Mais tarde
          </Button>
          <Button color="secondary" size="small" variant="contained" onClick={() => apply?.()}>
            Atualizar
          </Button>
        </>
      }
    />
  );
}
