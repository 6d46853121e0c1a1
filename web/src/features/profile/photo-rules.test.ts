import { describe, expect, it } from 'vitest';
import { acceptablePhoto, PHOTO_ACCEPT } from './photo-rules';

const MB = 1024 * 1024;

describe('profile photo rules (docs/product.md#accounts)', () => {
  it('takes JPEG and PNG up to 5 MB', () => {
    expect(acceptablePhoto({ type: 'image/jpeg', size: 5 * MB })).toBe(true);
    expect(acceptablePhoto({ type: 'image/png', size: 1 })).toBe(true);
  });

  it('ignores a file over 5 MB', () => {
    expect(acceptablePhoto({ type: 'image/png', size: 5 * MB + 1 })).toBe(false);
  });

  it('ignores other formats', () => {
    expect(acceptablePhoto({ type: 'image/gif', size: 10 })).toBe(false);
    expect(acceptablePhoto({ type: 'image/webp', size: 10 })).toBe(false);
  });

  it('the picker offers only those two types', () => {
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png');
  });
});
