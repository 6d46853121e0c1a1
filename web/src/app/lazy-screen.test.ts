import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from './routes';
import { lazyScreen, withScreens } from './lazy-screen';

describe('lazy screens', () => {
  it('a page preloads the screens it names, once however often the router asks', async () => {
    const Screen = () => null;
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const lazy = lazyScreen(load);
    const page = withScreens(
      () => null,
      () => [lazy],
    );
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('every signed-in route can be preloaded on intent (its component has preload)', () => {
    const children = appRoutes.children as unknown as Record<string, { options: { component?: unknown } }>;
    const routes = Object.values(children);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes)
      expect(typeof (route.options.component as { preload?: unknown }).preload).toBe('function');
  });
});
