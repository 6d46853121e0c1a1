import { useEffect, useRef } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { IndexedClient } from '../../data/client-index';
import { rowCount, rowItems } from './clients-list.logic';
import { ClientCard, type ClientCardProps } from './client-card';

type Props = Omit<ClientCardProps, 'client' | 'agentName'> & {
  entries: readonly IndexedClient[];
  agentNames: ReadonlyMap<string, string> | null;
  /** Changes when the filter changes: the list goes back to the top. */
  resetKey: string;
};

const GAP = 16;

/**
 * Only the visible rows of cards are mounted (50,000 clients scroll smoothly); one card per row, two
 * on wide screens. A row is cut from `entries` by its index when it renders, so a new filter costs no
 * pass over the list. Row heights are measured as they render.
 */
export function ClientsVirtualList({ entries, agentNames, resetKey, ...card }: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const columns = wide ? 2 : 1;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rowCount(entries.length, columns),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 230,
    overscan: 4,
    gap: GAP,
    getItemKey: (i) => entries[i * columns]?.client.id ?? i,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  return (
    <Box
      ref={scrollRef}
      data-testid="clients-list"
      sx={{
        height: { xs: 'calc(100dvh - 330px)', md: 'calc(100dvh - 290px)' },
        minHeight: 360,
        overflowY: 'auto',
        pr: 0.5,
      }}
    >
      <Box style={{ height: virtualizer.getTotalSize() }} sx={{ position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <Box
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            // Per-row offsets go in `style`: an sx value would mint a CSS class per scroll position.
            style={{ transform: `translateY(${item.start}px)` }}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: `${GAP}px`,
            }}
          >
            {rowItems(entries, columns, item.index).map(({ client }) => (
              <ClientCard
                key={client.id}
                client={client}
                agentName={agentNames?.get(client.agentId ?? '') ?? undefined}
                {...card}
              />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
