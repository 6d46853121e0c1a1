import { formatRelativeShort } from '@casa/shared-schema/values';
import { useNow } from '../lib/use-now';

/**
 * 'há 5m', 'há 2h', 'há 3d' since `at`, moving on with the shared minute clock (lib/use-now.ts): only this
 * text renders again each minute, so a list can keep its rows memoized and still show fresh times.
 */
export function RelativeTime({ at }: { at: unknown }) {
  return <>{formatRelativeShort(at, useNow())}</>;
}
