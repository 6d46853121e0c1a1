import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { TAG_PALETTE } from '@casa/shared-schema';
import { tagTextColor } from './client-visuals';

describe('tagTextColor', () => {
  it('gives every palette colour a text of at least 4.5:1 contrast', () => {
    for (const { color } of TAG_PALETTE)
      expect(getContrastRatio(color, tagTextColor(color))).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to dark text for an unreadable colour value', () => {
    expect(tagTextColor('azul')).toBe('#000');
  });
});
