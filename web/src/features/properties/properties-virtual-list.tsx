import { memo, useCallback, useEffect, useRef } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Property } from '@casa/shared-schema';
import { shownReference } from '../../data/properties';
import { rowCount, rowItems } from '../clients/clients-list.logic';
import { PROPERTY_CARD_HEIGHT, PropertyCard } from './property-card';

type Props = {
  properties: readonly Property[];
  provisional: ReadonlySet<string>;
  thumbs: ReadonlyMap<string, string>;
  canEdit: boolean;
  onEdit: (id: string) => void;
  /** Changes when the filters change: the list goes back to the top. */
  resetKey: string;
};

const GAP = 12;
const estimateSize = () => PROPERTY_CARD_HEIGHT;

/**
 * Only the visible rows of cards are mounted (5,000 properties scroll smoothly); one card per row on a
 * phone, two from the md breakpoint. Cards have one fixed height, so no row is measured.
 */
export const PropertiesVirtualList = memo(function PropertiesVirtualList({
  properties,
  provisional,
  thumbs,
  canEdit,
  onEdit,
  resetKey,
}: Props) {
  const columns = useMediaQuery(useTheme().breakpoints.up('md')) ? 2 : 1;
  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((i: number) => properties[i * columns]?.id ?? i, [properties, columns]);
  const virtualizer = useVirtualizer({
    count: rowCount(properties.length, columns),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 4,
    gap: GAP,
    getItemKey,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  return (
    <Box
      ref={scrollRef}
      data-testid="properties-list"
      sx={{
        height: { xs: 'calc(100dvh - 300px)', md: 'calc(100dvh - 280px)' },
        minHeight: 320,
        overflowY: 'auto',
        pr: 0.5,
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
          // Plain elements with inline styles: rows re-render on every scroll frame (see the clients list).
          <div
            key={item.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: item.size,
              transform: `translateY(${item.start}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: GAP,
            }}
          >
            {rowItems(properties, columns, item.index).map((p) => (
              <PropertyCard
                key={p.id}
                property={p}
                reference={shownReference(p, provisional)}
                thumb={thumbs.get(p.id)}
                canEdit={canEdit}
                onEdit={onEdit}
              />
            ))}
          </div>
        ))}
      </div>
    </Box>
  );
});
