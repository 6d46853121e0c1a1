import { startTransition, StrictMode } from 'react';
import { catchEarlyInstallPrompt } from './app/pwa/early-install-prompt';
import { registerServiceWorker } from './app/pwa/service-worker';
import { preloadSignedInFrameIfLikely } from './app/signed-in-frame-preload';
import { warmUpIcu } from './app/warm-up-icu';
import { askFirstPullEarly } from './data/early-pull';

catchEarlyInstallPrompt();
preloadSignedInFrameIfLikely();
askFirstPullEarly();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The start's stages, each evaluated in a task of its own: React's renderer, MUI's styling engine with the
// theme, then the app's shell. index.html preloads them all, so none waits for another's download. In one
// script, a cold start's evaluation was one task of 90–190 ms (issue 19; `ChunkPlan.stages` in
// build/chunk-groups.ts).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

void (async () => {
  // ICU's data, loaded by a worker while React's renderer is evaluated (app/warm-up-icu.ts).
  const icu = warmUpIcu();
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  // Task boundaries: two imports that arrive together would otherwise be evaluated in the same task.
  await Promise.all([icu, nextTask()]);
  await import('./app/theme-mode-provider');
  await nextTask();
  const { App, loadFirstRoute } = await import('./app/app');
  await loadFirstRoute();
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one task (80 ms on a cold start, 190 ms at 4× CPU). index.html's loading
  // screen stays until the commit.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
})();

registerServiceWorker();
