import { memo } from 'react';
import { Box, Card, CardActionArea, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useRouter } from '@tanstack/react-router';
import type { Property } from '@casa/shared-schema';
import { propertyPath } from './properties-list.logic';
import { formatArea, propertyPriceText } from './property-format';
import { PropertyStatusChip, PropertyThumb } from './property-visuals';

export type PropertyCardProps = {
  property: Property;
  /** The reference to show ('A atribuir…' while provisional). */
  reference: string;
  thumb: string | undefined;
  canEdit: boolean;
  onEdit: (id: string) => void;
};

/** Above the fold on a phone: a card is one glance (photo, price, what and where, status). */
export const PROPERTY_CARD_HEIGHT = 132;
const THUMB = 108;

/** One property of the /imoveis list; the card opens the property's page. */
export const PropertyCard = memo(function PropertyCard({
  property: p,
  reference,
  thumb,
  canEdit,
  onEdit,
}: PropertyCardProps) {
  const router = useRouter();
  const path = propertyPath(p.id);
  const what = [p.propertyType, p.typology, formatArea(p.usableArea)].filter(Boolean).join(' · ');
  return (
    <Card
      variant="outlined"
      data-testid="property-card"
      sx={{ position: 'relative', height: PROPERTY_CARD_HEIGHT }}
    >
      <CardActionArea
        component="a"
        href={path}
        // The property page is the router's; a plain click stays in the app (a new tab still works).
        onClick={(e: React.MouseEvent) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          router.history.push(path);
        }}
        aria-label={`${p.title}, ${reference}`}
        sx={{
          height: '100%',
          display: 'flex',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          p: 1.5,
          gap: 1.5,
        }}
      >
        <PropertyThumb src={thumb} size={THUMB} />
        <Stack sx={{ minWidth: 0, flexGrow: 1 }} spacing={0.25}>
          {/* Only the two top lines make room for the edit button: the status and reference get the width. */}
          <Typography
            variant="h6"
            component="p"
            sx={{ fontWeight: 700, lineHeight: 1.25, pr: canEdit ? 4 : 0 }}
            noWrap
          >
            {propertyPriceText(p.priceCents, p.business)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, pr: canEdit ? 4 : 0 }} noWrap>
            {p.title}
          </Typography>
          {what && (
            <Typography variant="body2" color="textSecondary" noWrap>
              {what}
            </Typography>
          )}
          {p.concelho && (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}
            >
              <PlaceOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
              <Typography variant="body2" noWrap>
                {p.concelho}
              </Typography>
            </Stack>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PropertyStatusChip status={p.status} />
            <Typography variant="caption" color="textSecondary" noWrap data-testid="property-reference">
              {reference}
            </Typography>
          </Stack>
        </Stack>
      </CardActionArea>
      {canEdit && (
        <Tooltip title="Editar imóvel">
          <IconButton
            onClick={() => onEdit(p.id)}
            size="small"
            aria-label={`Editar ${p.title}`}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
});
