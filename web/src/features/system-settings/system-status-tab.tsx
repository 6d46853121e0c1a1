import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { SystemSettings } from '@casa/shared-schema';
import {
  formatBytes,
  formatCount,
  formatDateTime,
  formatDayAndTime,
  formatUptime,
} from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { useNow } from '../../lib/use-now';
import { useToast } from '../../ui/toast-provider';
import { serverMessage } from '../../lib/server-message';
import { FigureRow } from './figure-row';
import { SystemLogsDialog } from './system-logs-dialog';
import { backupDownloadUrl, loadBackups, loadSystemStatus, runBackup } from './system-settings.api';
import { systemTexts as t } from './system-settings.texts';

const cardTitle = (text: string) => (
  <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
    {text}
  </Typography>
);

/** Sistema: measured status and database figures, the daily backup switch, 'Executar Backup', 'Ver Logs'. */
export function SystemStatusTab({
  settings,
  onSave,
}: {
  settings: SystemSettings;
  onSave: (patch: { backup: { autoDaily: boolean } }) => Promise<void>;
}) {
  const toast = useToast();
  const [round, setRound] = useState(0);
  const status = useLoad(() => loadSystemStatus(), `status-${round}`);
  const backups = useLoad(() => loadBackups(), `backups-${round}`);
  const [backingUp, setBackingUp] = useState(false);
  const [logsOpen, setLogsOpen] = useState(false);
  // The uptime keeps counting while the tab is open.
  const now = useNow(30_000).getTime();

  const backup = async () => {
    setBackingUp(true);
    try {
      const made = await runBackup();
      toast({
        title: t.backupDone,
        description: `${made.name} (${formatBytes(made.sizeBytes)})`,
        variant: 'success',
      });
      setRound((r) => r + 1);
    } catch (error) {
      toast({ title: serverMessage(error, t.loadFailed), variant: 'destructive' });
    } finally {
      setBackingUp(false);
    }
  };

  if (status.error) return <Alert severity="error">{serverMessage(status.error, t.loadFailed)}</Alert>;
  const s = status.data;
  const uptimeSeconds = s ? (now - Date.parse(s.startedAt)) / 1000 : 0;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              {cardTitle(t.statusTitle)}
              <Chip label={t.online} color="success" size="small" />
            </Stack>
            {!s ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              <>
                <FigureRow label={t.uptime} testId="system-uptime">
                  {formatUptime(uptimeSeconds)}
                  <Typography variant="body2" color="textSecondary">
                    {t.uptimeSince(formatDateTime(s.startedAt))}
                  </Typography>
                </FigureRow>
                <FigureRow label={t.lastUpdate}>{formatDayAndTime(s.lastUpdateAt, new Date(now))}</FigureRow>
                <FigureRow label={t.version}>v{s.version}</FigureRow>
              </>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {cardTitle(t.databaseTitle)}
            <FormControlLabel
              control={
                <Switch
                  checked={settings.backup.autoDaily}
                  onChange={(_, autoDaily) => void onSave({ backup: { autoDaily } })}
                />
              }
              label={t.autoBackup}
            />
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {t.autoBackupHelp}
            </Typography>
            {!s ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              <>
                <FigureRow label={t.databaseSize} testId="system-db-size">
                  {formatBytes(s.database.sizeBytes)} ({s.database.client === 'pg' ? 'PostgreSQL' : 'SQLite'})
                </FigureRow>
                <FigureRow label={t.lastBackup} testId="system-last-backup">
                  {s.lastBackup ? formatDayAndTime(s.lastBackup.createdAt, new Date(now)) : t.noBackupYet}
                </FigureRow>
                <FigureRow label={t.totalRecords} testId="system-total-records">
                  {formatCount(s.database.totalRecords)}
                  <Typography variant="body2" color="textSecondary">
                    {s.database.tables
                      .filter((x) => x.count > 0)
                      .map((x) => `${x.label} ${formatCount(x.count)}`)
                      .join(' · ')}
                  </Typography>
                </FigureRow>
              </>
            )}
            <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" onClick={() => void backup()} disabled={backingUp}>
                {backingUp ? t.runningBackup : t.runBackup}
              </Button>
              <Button variant="outlined" onClick={() => setLogsOpen(true)}>
                {t.viewLogs}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      {backups.data && backups.data.length > 0 && (
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {cardTitle(t.recentBackups)}
            <List dense disablePadding>
              {backups.data.slice(0, 5).map((b) => (
                <ListItem key={b.name} disableGutters divider>
                  <ListItemText
                    primary={
                      <Link href={backupDownloadUrl(b.name)} download aria-label={t.download(b.name)}>
                        {b.name}
                      </Link>
                    }
                    secondary={`${formatDayAndTime(b.createdAt, new Date(now))} · ${formatBytes(b.sizeBytes)}`}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
      <SystemLogsDialog open={logsOpen} onClose={() => setLogsOpen(false)} />
    </Stack>
  );
}
