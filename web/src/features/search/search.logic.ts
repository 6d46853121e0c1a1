import {
  CLIENT_TYPES,
  formatCount,
  SEARCH_DEFAULT_LIMIT,
  validationMessages,
  type ClientType,
} from '@casa/shared-schema';
import type { ClientCriteria } from '../../data/client-search/client-index';

/** docs/product.md#search: 300 ms between the last keystroke and the search; 12 clients shown, 12 more per click. */
export const SEARCH_DELAY_MS = 300;
export const SEARCH_PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

/** The filter panel as typed: budgets stay text until the search reads them. */
export type SearchFilters = {
  type: ClientType | null;
  minRating: number;
  hasPhone: boolean;
  hasEmail: boolean;
  zone: string;
  minBudget: string;
  maxBudget: string;
};

export const EMPTY_FILTERS: SearchFilters = {
  type: null,
  minRating: 0,
  hasPhone: false,
  hasEmail: false,
  zone: '',
  minBudget: '',
  maxBudget: '',
};

/** What the search runs on: the trimmed text and the filters at the moment the delay ran out. */
export type AppliedSearch = { q: string; filters: SearchFilters };

const AMOUNT = /^\d+(?:[.,]\d+)?$/;

/** '250000', '250 000', '250.000,50 €' → number; '' → null; anything else → undefined (invalid). */
export function parseAmount(text: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return null;
  // A dot followed by exactly three digits is a thousands separator in pt-PT ('250.000').
  const plain = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(compact) ? compact.replace(/\./g, '') : compact;
  return AMOUNT.test(plain) ? Number(plain.replace(',', '.')) : undefined;
}

export type BudgetErrors = { minBudget: string | null; maxBudget: string | null };

/** Field errors of the budget range: an unreadable amount, or a maximum below the minimum. */
export function budgetErrors(filters: SearchFilters): BudgetErrors {
  const min = parseAmount(filters.minBudget);
  const max = parseAmount(filters.maxBudget);
  return {
    minBudget: min === undefined ? validationMessages.invalidValue : null,
    maxBudget:
      max === undefined
        ? validationMessages.invalidValue
        : min != null && max != null && max < min
          ? 'O máximo não pode ser inferior ao mínimo.'
          : null,
  };
}

/** The client-index criteria (an unreadable budget is left out rather than matching nothing). */
export function criteriaOf({ q, filters }: AppliedSearch): ClientCriteria {
  return {
    q: q.trim() || null,
    type: filters.type,
    minRating: filters.minRating > 0 ? filters.minRating : null,
    hasPhone: filters.hasPhone,
    hasEmail: filters.hasEmail,
    zone: filters.zone.trim() || null,
    minBudget: parseAmount(filters.minBudget) ?? null,
    maxBudget: parseAmount(filters.maxBudget) ?? null,
  };
}

/** How many filters narrow the search (the badge on the panel's toggle). */
export function activeFilterCount(filters: SearchFilters): number {
  return [
    filters.type !== null,
    filters.minRating > 0,
    filters.hasPhone,
    filters.hasEmail,
    filters.zone.trim() !== '',
    filters.minBudget.trim() !== '',
    filters.maxBudget.trim() !== '',
  ].filter(Boolean).length;
}

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return (Object.keys(EMPTY_FILTERS) as (keyof SearchFilters)[]).every((k) => a[k] === b[k]);
}

/** 'Mostrar mais' adds a page, never beyond the results. */
export function nextVisibleCount(visible: number, total: number): number {
  return Math.min(total, visible + SEARCH_PAGE_SIZE);
}

/** docs/product.md#search wording of the clients list header, reused here. */
export function resultCountText(total: number): string {
  return `${formatCount(total)} cliente(s) encontrado(s)`;
}

const STORAGE_KEY = 'casa-search-filters';

/** Filters survive a visit to a client and the way back (per tab, like the URL's q). */
export function loadFilters(storage: Pick<Storage, 'getItem'> | undefined): SearchFilters {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return EMPTY_FILTERS;
    const v = JSON.parse(raw) as Partial<Record<keyof SearchFilters, unknown>>;
    const str = (x: unknown) => (typeof x === 'string' ? x.slice(0, 200) : '');
    const rating = Number(v.minRating);
    return {
      type: CLIENT_TYPES.includes(v.type as ClientType) ? (v.type as ClientType) : null,
      minRating: Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0,
      hasPhone: v.hasPhone === true,
      hasEmail: v.hasEmail === true,
      zone: str(v.zone),
      minBudget: str(v.minBudget),
      maxBudget: str(v.maxBudget),
    };
  } catch {
    return EMPTY_FILTERS;
  }
}

export function saveFilters(storage: Pick<Storage, 'setItem'> | undefined, filters: SearchFilters): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(filters));
  } catch {
    // Private mode or a full quota: the filters simply do not survive a reload.
  }
}

/** Runs the last scheduled task once `delay` ms pass without a newer one (the search delay). */
export class Debouncer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private task: (() => void) | null = null;

  constructor(private readonly delay: number) {}

  schedule(task: () => void): void {
    this.task = task;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delay);
  }

  /** Runs the waiting task now, if any. */
  flush(): void {
    const task = this.task;
    this.cancel();
    task?.();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.task = null;
  }

  get pending(): boolean {
    return this.task !== null;
  }
}
