import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { errorMessages } from '@casa/shared-schema/values';
import { NEEDS_CONNECTION, NeedsConnection } from '../../ui/needs-connection';
import { useToast } from '../../ui/toast-provider';
import { useOnline } from '../../lib/use-online';
import { useSyncClient } from '../../data/sync-provider';
import { logout } from '../auth/auth.actions';
import { serverMessage } from '../../lib/server-message';
import { deleteAccount, downloadExport } from './settings.api';
import { settingsTexts as t } from './settings.texts';

/** Settings › Avançado: data export and the danger zone (account deletion, then logout). */
export function SettingsAdvancedTab() {
  const sync = useSyncClient();
  const toast = useToast();
  const online = useOnline();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadExport();
    } catch {
      toast({ title: errorMessages.dataExportFailed, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      toast({ title: serverMessage(error, errorMessages.accountDeleteFailed), variant: 'destructive' });
      setDeleting(false);
      setConfirming(false);
      return;
    }
    // The account is gone: its replica and anything still queued go with it.
    await sync?.logout({ force: true }).catch(() => undefined);
    await logout();
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.exportTitle}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {t.exportHelp}
          </Typography>
          {!online && (
            <Stack sx={{ mb: 2 }}>
              <NeedsConnection text={NEEDS_CONNECTION.exportData} />
            </Stack>
          )}
          <Button
            variant="outlined"
            startIcon={<DownloadRoundedIcon />}
            disabled={!online || exporting}
            onClick={() => void exportData()}
          >
            {t.exportButton}
          </Button>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" color="error" sx={{ fontWeight: 700 }}>
            {t.dangerZone}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {t.deleteHelp}
          </Typography>
          {!online && (
            <Stack sx={{ mb: 2 }}>
              <NeedsConnection text={NEEDS_CONNECTION.deleteAccount} />
            </Stack>
          )}
          <Button variant="contained" color="error" disabled={!online} onClick={() => setConfirming(true)}>
            {t.deleteButton}
          </Button>
        </CardContent>
      </Card>
      <Dialog
        open={confirming}
        onClose={() => !deleting && setConfirming(false)}
        aria-labelledby="delete-account-title"
      >
        <DialogTitle id="delete-account-title">{t.deleteConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.deleteConfirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={deleting}>
            {t.cancel}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void remove()}
            disabled={!online || deleting}
          >
            {t.confirmDelete}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
