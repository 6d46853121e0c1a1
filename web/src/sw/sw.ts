/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { notificationTarget, pushTitleAndOptions } from './push-message';
import {
  createCacheTrimmer,
  isPropertyThumb,
  PROPERTY_THUMBS_CACHE,
  PROPERTY_THUMBS_MAX,
} from './property-thumbs';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell (HTML, JS, CSS, icons) is precached; the build injects the list. API calls are not cached
// here (data comes from the local replica), except property photo thumbnails (property-thumbs.ts).
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every in-app address opens the cached index.html, so a reload offline still starts the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

const trimThumbs = createCacheTrimmer(PROPERTY_THUMBS_MAX);
registerRoute(
  ({ url, request }) => isPropertyThumb(url, request.method, self.location.origin),
  new CacheFirst({
    cacheName: PROPERTY_THUMBS_CACHE,
    plugins: [
      {
        cacheDidUpdate: async ({ cacheName }) => {
          await trimThumbs(await caches.open(cacheName));
        },
      },
    ],
  }),
);

// A first visit's page is controlled as soon as the precache is in place (an update's worker waits for the
// prompt, app/pwa/service-worker.ts): the chunks it has not loaded yet (a dialog, the mutations' effects)
// then come from the precache when the agent goes offline before any reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// iOS drops the subscription of a worker that does not show a notification for every push.
self.addEventListener('push', (event) => {
  const { title, options } = pushTitleAndOptions(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
