import type { ReactNode } from 'react';
import { useProgressiveCount } from './progressive-count';

/**
 * Draws `items` `step` at a time, a task per step (`useProgressiveCount`). Its own component, so a step
 * re-renders the list alone, not the screen around it. `render` gives each item its keyed element.
 */
export function DrawnInSteps<T>({
  items,
  step,
  resetKey,
  render,
}: {
  items: readonly T[];
  step: number;
  resetKey?: unknown;
  render: (item: T) => ReactNode;
}) {
  const drawn = useProgressiveCount(items.length, step, resetKey);
  return <>{items.slice(0, drawn).map(render)}</>;
}
