import { useState, type JSX } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import type { PropertySheetLink, PropertySheetLinkCreated } from '@casa/shared-schema';
import { useProperty } from '../../data/read-hooks';
import { useSyncClient } from '../../data/sync-provider';
import { useLoad } from '../../lib/use-load';
import { useOnline } from '../../lib/use-online';
import { NeedsConnection } from '../../ui/needs-connection';
import { useToast } from '../../ui/toast-provider';
import { usePermissions } from '../auth/permissions.queries';
import { sheetLinksApi } from './property-sheets.api';
import { linkDate, whatsappShareUrl } from './property-sheets.logic';
import { sheetTexts as t } from './property-sheets.texts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The link just made: its URL is shown this once (the server keeps only a hash of its token). */
function NewLink({ link, title }: { link: PropertySheetLinkCreated; title: string | null }) {
  const toast = useToast();
  const text = t.shareMessage(title);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: t.copied, variant: 'success' });
    } catch {
      toast({ title: t.copyFailed, variant: 'destructive' });
    }
  };
  const share = () => void navigator.share({ title: text, text, url: link.url }).catch(() => undefined);
  return (
    <Stack spacing={1.5} data-testid="sheet-new-link">
      <TextField
        label={t.newLink}
        value={link.url}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'sheet-url' },
          inputLabel: { shrink: true },
        }}
        onFocus={(e) => e.target.select()}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<ContentCopyRoundedIcon />} onClick={() => void copy()}>
          {t.copy}
        </Button>
        {canShare && (
          <Button variant="outlined" startIcon={<ShareRoundedIcon />} onClick={share}>
            {t.share}
          </Button>
        )}
        <Button
          variant="outlined"
          color="success"
          startIcon={<WhatsAppIcon />}
          href={whatsappShareUrl(text, link.url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.whatsapp}
        </Button>
        <Button
          startIcon={<OpenInNewRoundedIcon />}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.open}
        </Button>
      </Stack>
    </Stack>
  );
}

function ActiveLinks({
  links,
  onRevoke,
  busy,
}: {
  links: PropertySheetLink[];
  onRevoke: (id: string) => void;
  busy: boolean;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t.active}
      </Typography>
      {links.length === 0 ? (
        <Typography variant="body2" color="textSecondary" data-testid="sheet-links-empty">
          {t.none}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="sheet-links">
          {links.map((link) => (
            <ListItem
              key={link.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t.revoke}
                  title={t.revoke}
                  disabled={busy}
                  onClick={() => onRevoke(link.id)}
                >
                  <LinkOffRoundedIcon />
                </IconButton>
              }
            >
              <ListItemText primary={t.createdBy(linkDate(link.createdAt), link.createdByName)} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function ShareSheetDialog({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const online = useOnline();
  const toast = useToast();
  const sync = useSyncClient();
  const property = useProperty(sync?.db, propertyId);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [created, setCreated] = useState<PropertySheetLinkCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new key after each create or revoke lists the links again; offline nothing is asked.
  const [version, setVersion] = useState(0);
  const loaded = useLoad(
    () => (online ? sheetLinksApi.list(propertyId) : Promise.resolve(null)),
    `${propertyId}:${online}:${version}`,
  );
  const links = loaded.data ?? null;
  const reload = async () => setVersion((v) => v + 1);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      setCreated(await sheetLinksApi.create(propertyId));
      await reload();
    });
  const revoke = (id: string) =>
    run(async () => {
      await sheetLinksApi.revoke(id);
      if (created?.id === id) setCreated(null);
      toast({ title: t.revoked, variant: 'success' });
      await reload();
    });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="sheet-title"
    >
      <DialogTitle id="sheet-title">{t.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {t.intro}
          </Typography>
          {!online ? (
            <NeedsConnection text={t.needsConnection} />
          ) : (
            <>
              {(error ?? loaded.error) != null && (
                <Alert severity="error">{error ?? messageOf(loaded.error)}</Alert>
              )}
              {created ? (
                <NewLink link={created} title={property?.title ?? null} />
              ) : (
                <Button
                  variant="contained"
                  startIcon={<ShareRoundedIcon />}
                  disabled={busy}
                  onClick={() => void create()}
                  sx={{ alignSelf: 'flex-start' }}
                  data-testid="sheet-create"
                >
                  {busy ? t.creating : t.create}
                </Button>
              )}
              {links && <ActiveLinks links={links} busy={busy} onRevoke={(id) => void revoke(id)} />}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Partilhar ficha': makes, shares and revokes public links to the property's sheet (`/ficha/{token}`,
 * server-rendered). Online only; offline the dialog says so. Viewers do not see it (they may not share).
 */
export function ShareSheetButton(props: { propertyId: string }): JSX.Element {
  const { canEdit } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!canEdit) return <></>;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareRoundedIcon />}
        onClick={() => setOpen(true)}
        data-testid="share-sheet-button"
      >
        {t.button}
      </Button>
      {open && <ShareSheetDialog propertyId={props.propertyId} onClose={() => setOpen(false)} />}
    </>
  );
}
