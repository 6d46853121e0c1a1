import type { ComponentType, ReactNode } from 'react';
import { lazyRouteComponent } from '@tanstack/react-router';

/** A screen module's default export loaded on first use; `preload()` fetches it ahead (undefined once loaded). */
export type LazyScreen<P> = ComponentType<P> & { preload?: () => Promise<void> };

/**
 * One screen module, in its own chunk. TanStack's wrapper rather than React.lazy: it can be fetched before it
 * renders (`preload`) and it reloads the page once when a chunk of an older build is gone after a deploy.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  return lazyRouteComponent(load) as LazyScreen<P>;
}

/**
 * A route's page that renders lazy screens inside its own gate: the router preloads a route component's
 * `preload` on intent (hover, touch, focus of a link: `defaultPreload: 'intent'`) and before it renders the
 * route, so the screen's chunk is fetched while the pointer is still on the link.
 * `screens` may choose by the last known user (e.g. the super admin's panel or the member's screen).
 */
export function withScreens(
  page: () => ReactNode,
  screens: () => readonly { preload?: () => Promise<void> }[],
): (() => ReactNode) & { preload: () => Promise<void> } {
  return Object.assign(page, {
    preload: () => Promise.all(screens().map((screen) => screen.preload?.())).then(() => undefined),
  });
}
