import { Workbox } from 'workbox-window';
import { whenPrecacheAllowed } from '../../lib/precache-gate';

type Listener = () => void;

/** Holds "a new version is waiting" for the update prompt; `apply` activates it and reloads. */
function createUpdateStore() {
  let apply: (() => void) | null = null;
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => apply,
    set(next: () => void) {
      apply = next;
      for (const listener of listeners) listener();
    },
  };
}

export const updateStore = createUpdateStore();

/**
 * Registers /sw.js (production builds only), once the precache gate opens. When a new worker is waiting, the prompt offers to switch:
 * the page reloads once the new worker controls it.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    updateStore.set(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // After the page's load (Workbox's default) and once start-up lets the precache in (lib/precache-gate.ts).
  void whenPrecacheAllowed().then(() =>
    wb.register().catch((error: unknown) => console.error('Service worker registration failed', error)),
  );
}
