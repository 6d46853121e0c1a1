import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  Debouncer,
  EMPTY_FILTERS,
  loadFilters,
  nextVisibleCount,
  saveFilters,
  SEARCH_DELAY_MS,
  SEARCH_PAGE_SIZE,
  type AppliedSearch,
  type SearchFilters,
} from './search.logic';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * The search box and filters as typed, and what the search runs on 300 ms after the last change.
 * The URL's q follows the applied text (replace navigation); a q arriving from elsewhere (the header
 * search) replaces the text at once.
 */
export function useSearchState(urlQ: string) {
  const navigate = useNavigate();
  const [text, setText] = useState(urlQ);
  const [filters, setFilters] = useState<SearchFilters>(() => loadFilters(storage()));
  const [applied, setApplied] = useState<AppliedSearch>(() => ({ q: urlQ, filters }));
  const [visible, setVisible] = useState(SEARCH_PAGE_SIZE);
  const [seenUrlQ, setSeenUrlQ] = useState(urlQ);

  const apply = (next: AppliedSearch) => {
    setApplied(next);
    setVisible(SEARCH_PAGE_SIZE);
    saveFilters(storage(), next.filters);
    if (next.q !== urlQ) {
      void navigate({ to: '/search', search: next.q ? { q: next.q } : {}, replace: true });
    }
  };
  const [debouncer] = useState(() => new Debouncer(SEARCH_DELAY_MS));
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  // A new ?q= that this screen did not write: adopt it without delay.
  if (urlQ !== seenUrlQ) {
    setSeenUrlQ(urlQ);
    if (urlQ !== applied.q) {
      debouncer.cancel();
      setText(urlQ);
      setApplied({ q: urlQ, filters });
      setVisible(SEARCH_PAGE_SIZE);
    }
  }

  return {
    text,
    filters,
    applied,
    visible,
    /** Still waiting for the delay to run out. */
    typing: text.trim() !== applied.q || filters !== applied.filters,
    setText(next: string) {
      setText(next);
      debouncer.schedule(() => apply({ q: next.trim(), filters }));
    },
    setFilters(next: SearchFilters) {
      setFilters(next);
      debouncer.schedule(() => apply({ q: text.trim(), filters: next }));
    },
    /** Enter in the box: no need to wait. */
    searchNow() {
      debouncer.cancel();
      apply({ q: text.trim(), filters });
    },
    clearFilters() {
      debouncer.cancel();
      setFilters(EMPTY_FILTERS);
      apply({ q: text.trim(), filters: EMPTY_FILTERS });
    },
    showMore(total: number) {
      setVisible((v) => nextVisibleCount(v, total));
    },
  };
}
