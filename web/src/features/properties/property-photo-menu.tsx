import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import { errorMessages, rejectionMessage } from '@casa/shared-schema/values';
import { discardLocalPhoto } from '../../data/photo-outbox';
import { useSyncClient } from '../../data/sync-provider';
import type { ShownPhoto } from '../../data/use-property-photos';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast-provider';
import { photoMoves } from './property-detail.logic';

/**
 * A photo's options in the gallery (writers only): make it the cover, move it left or right, delete it —
 * shared mutators queued on the device, so they work offline (docs/decisions.md). A photo still on the
 * device (not uploaded) can only be removed from it.
 */
export function PropertyPhotoMenu({
  photos,
  index,
  onMoved,
}: {
  /** The gallery in its order (synced photos first, cover first). */
  photos: readonly ShownPhoto[];
  index: number;
  /** Where the photo went, so the gallery follows it. */
  onMoved: (to: number) => void;
}) {
  const sync = useSyncClient();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const photo = photos[index]!;
  const moves = photoMoves(photos, index);
  if (!sync) return null;

  /** Runs one write; a refusal is a toast. Answers whether it was made. */
  const write = async (failed: string, run: () => Promise<unknown>, to?: number): Promise<boolean> => {
    setAnchor(null);
    // Said before the write: the replica may redraw the gallery before the write's promise settles.
    if (to !== undefined) onMoved(to);
    try {
      await run();
      return true;
    } catch (error) {
      toast({
        title: failed,
        description: rejectionMessage(error, errorMessages.checkDataAndRetry),
        variant: 'destructive',
      });
      return false;
    }
  };
  const reorder = (ids: string[], to: number) =>
    write(
      errorMessages.propertyPhotoOrderFailed,
      () => sync.mutate.reorderPropertyPhotos({ propertyId: photo.propertyId, photoIds: ids }),
      to,
    );
  const local = photo.state !== 'synced';

  return (
    <>
      <IconButton
        aria-label={`Opções da fotografia ${index + 1}`}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
        sx={{
          position: 'absolute',
          top: 8,
          right: 8,
          bgcolor: 'rgba(0,0,0,0.55)',
          color: '#fff',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
        }}
      >
        <MoreVertRoundedIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {moves.cover && (
          <MenuItem
            onClick={() =>
              void write(
                errorMessages.propertyPhotoOrderFailed,
                () => sync.mutate.setPropertyPhotoCover({ propertyId: photo.propertyId, photoId: photo.id }),
                0,
              )
            }
          >
            <ListItemIcon>
              <StarRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Definir como capa</ListItemText>
          </MenuItem>
        )}
        {moves.left && (
          <MenuItem onClick={() => void reorder(moves.left!, index - 1)}>
            <ListItemIcon>
              <ArrowBackRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Mover para a esquerda</ListItemText>
          </MenuItem>
        )}
        {moves.right && (
          <MenuItem onClick={() => void reorder(moves.right!, index + 1)}>
            <ListItemIcon>
              <ArrowForwardRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Mover para a direita</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{local ? 'Remover do dispositivo' : 'Eliminar fotografia'}</ListItemText>
        </MenuItem>
      </Menu>
      {confirming && (
        <ConfirmDialog
          title={local ? 'Remover fotografia?' : 'Eliminar fotografia?'}
          confirmLabel={local ? 'Remover' : 'Eliminar'}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const deleted = await write(
              errorMessages.propertyPhotoDeleteFailed,
              () =>
                local
                  ? discardLocalPhoto(sync.db, photo.id)
                  : sync.mutate.deletePropertyPhoto({ propertyId: photo.propertyId, photoId: photo.id }),
              // The photo that takes its place (the one before it when it was the last).
              Math.max(0, Math.min(index, photos.length - 2)),
            );
            if (deleted) setConfirming(false);
          }}
        >
          {local
            ? 'Esta fotografia ainda não foi enviada e será removida deste dispositivo.'
            : 'A fotografia será eliminada do imóvel e da ficha partilhada. Esta ação é irreversível.'}
        </ConfirmDialog>
      )}
    </>
  );
}
