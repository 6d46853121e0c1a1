import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { serverMessage } from '../../lib/server-message';
import { loadLogs } from './system-settings.api';
import { systemTexts as t } from './system-settings.texts';

const LEVEL_COLOR = { error: 'error', fatal: 'error', warn: 'warning' } as const;

/** 'Ver Logs': the answering server process's last log lines, newest first. */
export function SystemLogsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [round, setRound] = useState(0);
  const logs = useLoad(() => (open ? loadLogs() : Promise.resolve(null)), `${open}-${round}`);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="system-logs-title">
      <DialogTitle id="system-logs-title">{t.logsTitle}</DialogTitle>
      {/* Focusable so that keyboard users can scroll the lines (axe scrollable-region-focusable). */}
      <DialogContent dividers sx={{ p: 0 }} tabIndex={0}>
        {logs.loading && <LinearProgress aria-label={t.logsTitle} />}
        {logs.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {serverMessage(logs.error, t.loadFailed)}
          </Alert>
        ) : logs.data && logs.data.lines.length === 0 ? (
          <Typography sx={{ p: 2 }} color="textSecondary">
            {t.logsEmpty}
          </Typography>
        ) : (
          <Box
            component="ol"
            data-testid="system-logs"
            sx={{ listStyle: 'none', m: 0, p: 0, fontFamily: 'monospace', fontSize: 13 }}
          >
            {logs.data?.lines.map((line, i) => (
              <Box
                component="li"
                key={`${line.time}-${i}`}
                sx={{
                  display: 'flex',
                  gap: 1,
                  px: 2,
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                  flexWrap: 'wrap',
                }}
              >
                <span>{formatDateTime(line.time)}</span>
                <Chip
                  size="small"
                  label={t.logLevels[line.level] ?? line.level}
                  color={LEVEL_COLOR[line.level as keyof typeof LEVEL_COLOR] ?? 'default'}
                  variant="outlined"
                />
                <span>
                  {line.path ? `${line.path} → ${line.status ?? ''} (${line.ms ?? 0} ms)` : line.msg}
                </span>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setRound((r) => r + 1)}>{t.refresh}</Button>
        <Button onClick={onClose} variant="contained">
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
