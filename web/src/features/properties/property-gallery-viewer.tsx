import { useLayoutEffect, useRef, useState } from 'react';
import { Box, Dialog, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { ShownPhoto } from '../../data/use-property-photos';

/**
 * The photos full screen, on black, swiped like the gallery (scroll snap); arrows and the keyboard's ←/→ on a
 * computer. Shows the 1600 px rendition once synced and the thumbnail while it loads or offline (the
 * service worker keeps only thumbnails); a photo still on the device shows its own picture.
 */
export function PropertyGalleryViewer({
  photos,
  start,
  title,
  onClose,
}: {
  photos: readonly ShownPhoto[];
  start: number;
  title: string;
  onClose: (index: number) => void;
}) {
  const strip = useRef<HTMLDivElement | null>(null);
  const [index, setIndex] = useState(start);
  const count = photos.length;

  const goTo = (i: number) => {
    const el = strip.current;
    if (!el || i < 0 || i >= count) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
    setIndex(i);
  };

  // Opens on the photo tapped, without an animated scroll from the first.
  useLayoutEffect(() => {
    const el = strip.current;
    if (el) el.scrollLeft = start * el.clientWidth;
  }, [start]);

  return (
    <Dialog
      open
      fullScreen
      onClose={() => onClose(index)}
      aria-label={`Fotografias de ${title}`}
      slotProps={{ paper: { sx: { bgcolor: '#000', color: '#fff', backgroundImage: 'none' } } }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') goTo(index + 1);
        if (e.key === 'ArrowLeft') goTo(index - 1);
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1 }}>
        <Typography sx={{ flexGrow: 1, px: 1 }} data-testid="viewer-counter">
          {index + 1} / {count}
        </Typography>
        <IconButton aria-label="Fechar" onClick={() => onClose(index)} sx={{ color: '#fff' }}>
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Box
        ref={(el: HTMLDivElement | null) => {
          strip.current = el;
        }}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {photos.map((photo, i) => (
          <Box
            key={photo.id}
            sx={{
              flex: '0 0 100%',
              scrollSnapAlign: 'start',
              scrollSnapStop: 'always',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <FullPhoto photo={photo} alt={`Fotografia ${i + 1} de ${count}`} />
          </Box>
        ))}
      </Box>
      <IconButton
        aria-label="Fotografia anterior"
        disabled={index === 0}
        onClick={() => goTo(index - 1)}
        sx={{ ...arrow, left: 8 }}
      >
        <ChevronLeftRoundedIcon fontSize="large" />
      </IconButton>
      <IconButton
        aria-label="Fotografia seguinte"
        disabled={index >= count - 1}
        onClick={() => goTo(index + 1)}
        sx={{ ...arrow, right: 8 }}
      >
        <ChevronRightRoundedIcon fontSize="large" />
      </IconButton>
    </Dialog>
  );
}

const arrow = {
  position: 'absolute',
  top: '50%',
  color: '#fff',
  bgcolor: 'rgba(255,255,255,0.12)',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
  '&.Mui-disabled': { display: 'none' },
  display: { xs: 'none', sm: 'inline-flex' },
} as const;

/** The display rendition, falling back to the thumbnail the gallery already shows (offline, or failing). */
function FullPhoto({ photo, alt }: { photo: ShownPhoto; alt: string }) {
  const [failed, setFailed] = useState(false);
  const src = photo.displayUrl && !failed ? photo.displayUrl : photo.src;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
    />
  );
}
