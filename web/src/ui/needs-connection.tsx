import { Alert } from '@mui/material';
import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';

/**
 * What only the server can do (it needs a password check, a file upload or the whole account), said
 * before the agent tries it without network; the rest of the settings work offline (docs/decisions.md).
 */
export const NEEDS_CONNECTION = {
  password: 'Alterar a palavra-passe requer ligação à Internet.',
  email: 'Sem ligação: alterar o email requer ligação à Internet e a palavra-passe atual.',
  exportData: 'Exportar os dados requer ligação à Internet.',
  deleteAccount: 'Eliminar a conta requer ligação à Internet.',
  pushDevice: 'Ativar as notificações neste dispositivo requer ligação à Internet.',
} as const;

/** Shown instead of a failure when the device is offline; the action's button is disabled meanwhile. */
export function NeedsConnection({ text }: { text: string }) {
  return (
    <Alert severity="info" icon={<WifiOffRoundedIcon fontSize="inherit" />} data-testid="needs-connection">
      {text}
    </Alert>
  );
}
