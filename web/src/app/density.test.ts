import { describe, expect, it } from 'vitest';
import { COMPACT_STORAGE_KEY, readCompactMode, storeCompactMode } from './density';
import { makeTheme } from './theme';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe("'Modo compacto'", () => {
  it('tightens every spacing of the app and uses the small / dense controls', () => {
    const normal = makeTheme();
    const compact = makeTheme({ compact: true });
    expect(compact.spacing(2)).not.toBe(normal.spacing(2));
    expect(compact.spacing(2)).toContain('6');
    expect(normal.spacing(2)).toContain('8');
    expect(compact.components?.MuiTable?.defaultProps).toMatchObject({ size: 'small' });
    expect(compact.components?.MuiList?.defaultProps).toMatchObject({ dense: true });
    expect(compact.components?.MuiButton?.defaultProps).toMatchObject({
      size: 'small',
      disableElevation: true,
    });
    expect(compact.components?.MuiTextField?.defaultProps).toMatchObject({ size: 'small', fullWidth: true });
    expect(compact.typography.body2.lineHeight).toBeLessThan(normal.typography.body2.lineHeight as number);
    expect(compact.typography.body2.fontSize).toBe(normal.typography.body2.fontSize);
    expect(normal.components?.MuiTable?.defaultProps).toBeUndefined();
    expect(normal.components?.MuiButton?.defaultProps).not.toHaveProperty('size');
  });

  it('is kept on the device so the first paint after a reload is already compact', () => {
    const store = memoryStore();
    expect(readCompactMode(store)).toBe(false);
    storeCompactMode(true, store);
    expect(store.getItem(COMPACT_STORAGE_KEY)).toBe('true');
    expect(readCompactMode(store)).toBe(true);
    storeCompactMode(false, store);
    expect(readCompactMode(store)).toBe(false);
  });
});
