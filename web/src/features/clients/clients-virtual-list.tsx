import { memo, useCallback, useEffect, useRef } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ClientSearch } from '../../data/client-search/client-search';
import { useClientRows } from '../../data/client-search/use-client-search';
import { rowCount, rowSlots } from './clients-list.logic';
import { ClientCard, type ClientCardProps } from './client-card';

type Props = Omit<ClientCardProps, 'client' | 'agentName'> & {
  /** The search worker's answer: every matching client's id, in order. */
  ids: readonly string[];
  /** How many cards the list has: more than `ids` while only the first page is known (placeholders). */
  length: number;
  search: ClientSearch;
  /** The index's version: a new one re-renders the list so that changed rows are fetched again. */
  version: number;
  agentNames: ReadonlyMap<string, string> | null;
  /** Changes when the filter changes: the list goes back to the top. */
  resetKey: string;
  /** The list scrolled near the end of `ids` while more cards follow: ask for the ids up to `upTo`. */
  onNeedIds?: (upTo: number) => void;
};

/** Cards ahead of the last one in view whose ids are asked for before they scroll in. */
const IDS_AHEAD = 60;

const GAP = 16;
const estimateSize = () => 230;

/**
 * Only the visible rows of cards are mounted (50,000 clients scroll smoothly); one card per row, two
 * on wide screens. A row is cut from `entries` by its index when it renders, so a new filter costs no
 * pass over the list. Row heights are measured as they render. Memoized: typing in the search box
 * re-renders the screen, not the list, until the filtered entries change.
 */
export const ClientsVirtualList = memo(function ClientsVirtualList({
  ids,
  length,
  search,
  version: _version,
  agentNames,
  resetKey,
  onNeedIds,
  ...card
}: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const columns = wide ? 2 : 1;
  const scrollRef = useRef<HTMLDivElement>(null);
  // A new function would make the virtualizer recompute every row's position (50,000) on each render.
  const getItemKey = useCallback((i: number) => ids[i * columns] ?? i, [ids, columns]);
  const virtualizer = useVirtualizer({
    count: rowCount(length, columns),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 2,
    gap: GAP,
    getItemKey,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  // The rows of the cards in view, cut from the ids now rendered: fetched when missing.
  const items = virtualizer.getVirtualItems();
  const lastInView = ((items[items.length - 1]?.index ?? 0) + 1) * columns;
  useEffect(() => {
    if (ids.length < length && lastInView + IDS_AHEAD > ids.length) onNeedIds?.(lastInView + IDS_AHEAD);
  }, [ids.length, length, lastInView, onNeedIds]);
  const rowOf = useClientRows(
    search,
    items.flatMap((item) => rowSlots(ids, length, columns, item.index)).filter((id) => id !== null),
  );

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
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => (
          // Plain elements with inline styles: rows are re-rendered on every scroll frame, and an sx
          // prop would be serialised by emotion each time.
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: GAP,
            }}
          >
            {rowSlots(ids, length, columns, item.index).map((id, n) => {
              const client = id === null ? undefined : rowOf(id);
              // A row on its way keeps the card's place; a client gone since the answer shows nothing.
              return client ? (
                <ClientCard
                  key={client.id}
                  client={client}
                  agentName={agentNames?.get(client.agentId ?? '') ?? undefined}
                  {...card}
                />
              ) : (
                <div
                  key={id ?? `slot-${n}`}
                  style={{ minHeight: client === undefined ? estimateSize() - GAP : 0 }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </Box>
  );
});
