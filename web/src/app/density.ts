/**
 * 'Modo compacto' (user settings › appearance.compactMode): a denser theme for every screen. The
 * device keeps a copy of the choice, as it does for the theme mode, so the first paint, offline starts
 * and the reload after saving the settings already use it.
 */
export const COMPACT_STORAGE_KEY = 'casa-compact-mode';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const browserStore = (): KeyValueStore | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readCompactMode(store: KeyValueStore | null = browserStore()): boolean {
  try {
    return store?.getItem(COMPACT_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function storeCompactMode(compact: boolean, store: KeyValueStore | null = browserStore()): void {
  try {
    store?.setItem(COMPACT_STORAGE_KEY, String(compact));
  } catch {
    // Private mode or full storage: the server's setting still applies once loaded.
  }
}
