import { describe, expect, it } from 'vitest';
import type { Package } from '@casa/shared-schema';
import { packagesByAudience } from './packages-by-audience';

const pkg = (name: string, audience: Package['audience']) =>
  ({ id: name, name, displayName: 'Profissional', audience }) as Package;

describe('packagesByAudience', () => {
  it('puts the agency and the individual plans under their own headings, agencies first', () => {
    const sections = packagesByAudience([
      pkg('ind-pro', 'individual'),
      pkg('org-professional', 'organization'),
    ]);
    expect(sections.map((s) => [s.heading, s.packages.map((p) => p.name)])).toEqual([
      ['Agências', ['org-professional']],
      ['Agentes individuais', ['ind-pro']],
    ]);
  });

  it('leaves out an audience without packages', () => {
    expect(packagesByAudience([pkg('org-starter', 'organization')]).map((s) => s.heading)).toEqual([
      'Agências',
    ]);
  });
});
