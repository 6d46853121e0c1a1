import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import CameraAltRoundedIcon from '@mui/icons-material/CameraAltRounded';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import { errorMessages } from '@casa/shared-schema/values';
import { discardLocalPhoto, photoOutboxTexts } from '../../data/photo-outbox';
import { useSyncClient } from '../../data/sync-provider';
import { useAddPhotos, usePropertyPhotos, type ShownPhoto } from '../../data/use-property-photos';
import { useToast } from '../../ui/toast-provider';
import { coverFirst } from './property-detail.logic';
import { PropertyGalleryViewer } from './property-gallery-viewer';
import { PropertyPhotoMenu } from './property-photo-menu';

/** What the picker offers: the formats the server takes (entities/property-photo.ts). */
const ACCEPT = 'image/jpeg,image/png,image/webp';
/** More photos than this are counted ('3 / 12'), not dotted. */
const MAX_DOTS = 10;

/**
 * A property's photos, cover first (docs/product.md#property-detail): a strip that swipes on the phone (CSS
 * scroll snap), dots and a counter, the full-screen viewer on a tap, and 'Adicionar fotografias' that keeps
 * the pictures on the device and shows them at once, marked until they are uploaded (offline too).
 */
export function PropertyGallery({
  propertyId,
  title,
  canAdd,
}: {
  propertyId: string;
  title: string;
  canAdd: boolean;
}) {
  const photos = usePropertyPhotos(propertyId);
  const ordered = useMemo(() => coverFirst(photos ?? []), [photos]);
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const jumpTo = useRef<number | null>(null);

  const goTo = (i: number, smooth = true) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    setIndex(i);
  };

  // Added photos come last: show the first of them as soon as it is in the gallery; a photo moved by its
  // menu is followed to its new place once the new order is drawn (jumpTo).
  const order = ordered.map((p) => p.id).join();
  useEffect(() => {
    const target = jumpTo.current;
    if (target !== null && ordered.length > target) {
      jumpTo.current = null;
      const el = strip.current;
      el?.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
      setIndex(target);
    }
  }, [order, ordered.length]);

  const shown = Math.min(index, Math.max(0, ordered.length - 1));
  return (
    <Box data-testid="property-gallery">
      <Box
        sx={{
          position: 'relative',
          borderRadius: { xs: 0, sm: 2 },
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {ordered.length === 0 ? (
          <Stack
            sx={{
              aspectRatio: '16 / 9',
              maxHeight: 360,
              width: '100%',
              alignItems: 'center',
              justifyContent: 'center',
            }}
            spacing={1}
          >
            <HomeWorkRoundedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
            <Typography color="textSecondary">Sem fotografias</Typography>
          </Stack>
        ) : (
          <Box
            ref={strip}
            role="region"
            aria-roledescription="galeria"
            aria-label={`Fotografias de ${title}`}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
            }}
            sx={{
              display: 'flex',
              overflowX: 'auto',
              scrollSnapType: 'x mandatory',
              overscrollBehaviorX: 'contain',
              // No scroll anchoring: when the order changes, the strip goes where jumpTo says, not after a photo.
              overflowAnchor: 'none',
              scrollbarWidth: 'none',
              '&::-webkit-scrollbar': { display: 'none' },
            }}
          >
            {ordered.map((photo, i) => (
              <Slide
                key={photo.id}
                photo={photo}
                label={`Fotografia ${i + 1} de ${ordered.length}`}
                onOpen={() => setViewing(i)}
                menu={
                  canAdd && <PropertyPhotoMenu photos={ordered} index={i} onMoved={(to) => goTo(to, false)} />
                }
              />
            ))}
          </Box>
        )}
        {ordered.length > 1 && (
          <>
            <Arrows index={shown} count={ordered.length} goTo={goTo} />
            <Counter index={shown} count={ordered.length} goTo={goTo} />
          </>
        )}
      </Box>
      {canAdd && (
        <AddPhotosButtons
          propertyId={propertyId}
          onAdding={() => {
            jumpTo.current = ordered.length;
          }}
        />
      )}
      {viewing !== null && (
        <PropertyGalleryViewer
          photos={ordered}
          start={viewing}
          title={title}
          onClose={(last) => {
            setViewing(null);
            goTo(last, false);
          }}
        />
      )}
    </Box>
  );
}

function Slide({
  photo,
  label,
  onOpen,
  menu,
}: {
  photo: ShownPhoto;
  label: string;
  onOpen: () => void;
  /** The writer's options for this photo (PropertyPhotoMenu). */
  menu: ReactNode;
}) {
  const sync = useSyncClient();
  return (
    <Box
      sx={{
        position: 'relative',
        flex: '0 0 100%',
        scrollSnapAlign: 'start',
        scrollSnapStop: 'always',
        aspectRatio: '4 / 3',
        maxHeight: { sm: 440 },
      }}
      data-testid="gallery-photo"
      data-state={photo.state}
    >
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-label={`${label}: ver em ecrã inteiro`}
        sx={{ all: 'unset', cursor: 'zoom-in', display: 'block', width: '100%', height: '100%' }}
      >
        <Box
          component="img"
          src={photo.src}
          alt=""
          draggable={false}
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
      {photo.state === 'synced' && photo.isCover && menu ? (
        <Chip size="small" icon={<StarRoundedIcon />} label="Capa" sx={overlayChip} />
      ) : photo.state === 'pending' || photo.state === 'uploaded' ? (
        <Chip
          size="small"
          icon={<CloudUploadRoundedIcon />}
          label={photo.state === 'pending' ? photoOutboxTexts.pending : photoOutboxTexts.uploaded}
          data-testid="photo-pending-badge"
          sx={overlayChip}
        />
      ) : photo.state === 'failed' ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            right: 56,
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Chip
            size="small"
            color="error"
            icon={<ErrorOutlineRoundedIcon />}
            label={photo.error ?? photoOutboxTexts.failed}
            sx={{ maxWidth: '100%' }}
          />
          {sync && (
            <Chip
              size="small"
              label="Remover"
              onClick={() => void discardLocalPhoto(sync.db, photo.id)}
              sx={{ bgcolor: 'background.paper' }}
            />
          )}
        </Stack>
      ) : null}
      {menu}
    </Box>
  );
}

/** A label over the photo's top-left corner (cover, waiting for upload). */
const overlayChip = {
  position: 'absolute',
  top: 8,
  left: 8,
  bgcolor: 'rgba(0,0,0,0.7)',
  color: '#fff',
  '& .MuiChip-icon': { color: '#fff' },
} as const;

const overlayButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(0,0,0,0.45)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
  '&.Mui-disabled': { display: 'none' },
  display: { xs: 'none', sm: 'inline-flex' },
} as const;

/** Previous/next for a mouse; a phone swipes. */
function Arrows({ index, count, goTo }: { index: number; count: number; goTo: (i: number) => void }) {
  return (
    <>
      <IconButton
        aria-label="Fotografia anterior"
        disabled={index === 0}
        onClick={() => goTo(index - 1)}
        sx={{ ...overlayButton, left: 8 }}
      >
        <ChevronLeftRoundedIcon />
      </IconButton>
      <IconButton
        aria-label="Fotografia seguinte"
        disabled={index >= count - 1}
        onClick={() => goTo(index + 1)}
        sx={{ ...overlayButton, right: 8 }}
      >
        <ChevronRightRoundedIcon />
      </IconButton>
    </>
  );
}

function Counter({ index, count, goTo }: { index: number; count: number; goTo: (i: number) => void }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{
        position: 'absolute',
        bottom: 8,
        left: 0,
        right: 0,
        justifyContent: 'center',
        alignItems: 'center',
        pointerEvents: 'none',
      }}
    >
      {count <= MAX_DOTS &&
        Array.from({ length: count }, (_, i) => (
          <Box
            key={i}
            component="button"
            type="button"
            aria-label={`Ir para a fotografia ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => goTo(i)}
            sx={{
              all: 'unset',
              pointerEvents: 'auto',
              cursor: 'pointer',
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: i === index ? '#fff' : 'rgba(255,255,255,0.55)',
              boxShadow: '0 0 2px rgba(0,0,0,0.6)',
            }}
          />
        ))}
      <Typography
        variant="caption"
        data-testid="gallery-counter"
        sx={{
          position: 'absolute',
          right: 8,
          bottom: 0,
          px: 1,
          borderRadius: 1,
          bgcolor: 'rgba(0,0,0,0.6)',
          color: '#fff',
        }}
      >
        {index + 1} / {count}
      </Typography>
    </Stack>
  );
}

/** 'Adicionar fotografias' (gallery or files); on a touch screen also the camera. */
function AddPhotosButtons({ propertyId, onAdding }: { propertyId: string; onAdding: () => void }) {
  const addPhotos = useAddPhotos();
  const toast = useToast();
  const touch = useMediaQuery('(pointer: coarse)');
  if (!addPhotos) return null;

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const accepted = files.filter((f) => ACCEPT.split(',').includes(f.type));
    if (accepted.length < files.length)
      toast({ title: errorMessages.propertyPhotoInvalidType, variant: 'destructive' });
    if (accepted.length === 0) return;
    onAdding();
    await addPhotos(propertyId, accepted);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1.5, px: { xs: 2, sm: 0 }, flexWrap: 'wrap', gap: 1 }}>
      <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateRoundedIcon />}>
        Adicionar fotografias
        <input
          hidden
          type="file"
          accept={ACCEPT}
          multiple
          onChange={(e) => void onFiles(e)}
          data-testid="add-photos-input"
        />
      </Button>
      {touch && (
        <Tooltip title="Tirar fotografia">
          <Button component="label" variant="outlined" aria-label="Tirar fotografia" sx={{ minWidth: 48 }}>
            <CameraAltRoundedIcon />
            <input
              hidden
              type="file"
              accept={ACCEPT}
              capture="environment"
              multiple
              onChange={(e) => void onFiles(e)}
            />
          </Button>
        </Tooltip>
      )}
    </Stack>
  );
}
