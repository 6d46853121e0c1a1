import { useState } from 'react';
import { Badge, Box, Button, ButtonBase, Popover, Stack, Typography } from '@mui/material';
import CloudDoneRoundedIcon from '@mui/icons-material/CloudDoneRounded';
import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import CloudSyncRoundedIcon from '@mui/icons-material/CloudSyncRounded';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import {
  syncingText,
  syncLines,
  syncSummary,
  syncTone,
  syncTexts,
  type SyncState,
  type SyncTone,
} from '../sync-state';
import { useOpenedOnce } from '../../lib/later-mount';
import { WIDE_SCREEN } from './breakpoints';
import { LaterTooltip } from '../../ui/later-tooltip';

const LOOK: Record<
  SyncTone,
  { Icon: typeof CloudDoneRoundedIcon; color: string; short: (s: SyncState) => string }
> = {
  ok: { Icon: CloudDoneRoundedIcon, color: 'success.main', short: () => syncTexts.online },
  busy: { Icon: CloudSyncRoundedIcon, color: 'info.main', short: (s) => syncingText(s) },
  pending: { Icon: CloudUploadRoundedIcon, color: 'warning.main', short: (s) => `${s.pending} por enviar` },
  offline: { Icon: CloudOffRoundedIcon, color: 'text.secondary', short: () => syncTexts.offline },
  error: {
    Icon: ErrorOutlineRoundedIcon,
    color: 'error.main',
    short: (s) =>
      !s.error && !s.needsLogin && s.rejected.length > 0
        ? syncTexts.rejectedShort(s.rejected.length)
        : 'Erro',
  },
};

/** Header sync indicator: connectivity, pending changes and last sync; details in a popover. */
export function SyncIndicator({
  state,
  onDismissRejected,
}: {
  state: SyncState;
  onDismissRejected?: (mutationId: number) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverMounted = useOpenedOnce(anchor !== null);
  const tone = syncTone(state);
  const { Icon, color, short } = LOOK[tone];
  const live = Boolean(state.live && state.online);
  return (
    <>
      <LaterTooltip title={live ? syncTexts.live : ''} disableInteractive>
        <ButtonBase
          onClick={(e) => setAnchor(e.currentTarget)}
          // The name starts with the visible word, so speech users can say what they see.
          aria-label={`${short(state)} — ${syncTexts.buttonLabel(syncSummary(state))}`}
          aria-haspopup="dialog"
          data-testid="sync-indicator"
          data-tone={tone}
          data-live={live}
          sx={{
            borderRadius: 5,
            px: 1,
            py: 0.75,
            gap: 0.75,
            color: 'text.secondary',
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
          }}
        >
          {/* A small dot on the cloud while the live stream is held (changes arrive within seconds). */}
          <Badge
            variant="dot"
            color="success"
            invisible={!live}
            overlap="circular"
            data-testid="sync-live-dot"
            sx={{ '& .MuiBadge-dot': { boxShadow: (t) => `0 0 0 2px ${t.palette.background.paper}` } }}
          >
            <Icon sx={{ color }} />
          </Badge>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'none', fontWeight: 600, [WIDE_SCREEN]: { display: 'inline' } }}
          >
            {short(state)}
          </Typography>
        </ButtonBase>
      </LaterTooltip>
      {popoverMounted && (
        <Popover
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Box role="dialog" aria-label="Sincronização" sx={{ p: 2, maxWidth: 300 }}>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Sincronização
            </Typography>
            {syncLines(state).map((line) => (
              <Typography key={line} variant="body2" color="textSecondary">
                {line}
              </Typography>
            ))}
            {state.rejected.length > 0 && (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
                {state.rejected.map((r) => (
                  <Box component="li" key={r.mutationId} data-testid="rejected-change">
                    <Typography variant="body2" sx={{ fontWeight: 600 }} color="error">
                      {r.title}
                    </Typography>
                    <Typography variant="body2" color="textSecondary">
                      {r.message}
                    </Typography>
                    {onDismissRejected && (
                      <Button size="small" onClick={() => onDismissRejected(r.mutationId)} sx={{ px: 0 }}>
                        {syncTexts.dismiss}
                      </Button>
                    )}
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </Popover>
      )}
    </>
  );
}
