import { useState, useSyncExternalStore } from 'react';
import { Button, Snackbar } from '@mui/material';
import { updateStore } from './service-worker';

/** "Nova versão disponível": shown when a new service worker is waiting. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  const [later, setLater] = useState(false);
  return (
    <Snackbar
      open={apply !== null && !later}
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
