import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa/service-worker';
import { preloadSignedInFrameIfLikely } from './app/signed-in-frame-loader';
import { askFirstPullEarly } from './data/early-pull';

preloadSignedInFrameIfLikely();
askFirstPullEarly();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
