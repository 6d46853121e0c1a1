import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa/service-worker';
import { preloadSignedInFrameIfLikely } from './app/signed-in-frame-loader';
import { prestartSyncClient } from './data/sync-client-start';
import { localUserCache } from './lib/user-cache';

preloadSignedInFrameIfLikely();
// The replica opens beside the frame's chunk and the first render: the screens' first rows wait for it.
// A reload of /clients also starts its client search (worker, first page) as soon as the replica is open.
prestartSyncClient(localUserCache.read(), {
  opened: (client) => {
    if (window.location.pathname === '/clients')
      void import('./features/clients/clients-screen').then((screen) => screen.warmClientSearch(client.db));
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
