import { describe, expect, it } from 'vitest';
import { tagCreateSchema, tagUpdateSchema } from './tag';
import { findTagByName } from './tag-rules';
import { clientTagsSetSchema } from './client-tag';

describe('tagCreateSchema', () => {
  it('trims the name and defaults the colour', () => {
    expect(tagCreateSchema.parse({ name: '  VIP ' })).toEqual({ name: 'VIP', color: '#3b82f6' });
  });

  it('rejects a blank name and a bad colour', () => {
    expect(tagCreateSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'O nome da tag é obrigatório',
    );
    expect(tagCreateSchema.safeParse({ name: 'x', color: 'blue' }).error?.issues[0]?.message).toBe(
      'Cor inválida',
    );
  });

  it('update adds no defaults', () => {
    expect(tagUpdateSchema.parse({ name: 'Novo' })).toEqual({ name: 'Novo' });
  });
});

describe('findTagByName', () => {
  it('matches case-insensitively', () => {
    const tags = [{ name: 'Investidor Ativo' }, { name: 'VIP' }];
    expect(findTagByName(tags, ' vip ')).toBe(tags[1]);
    expect(findTagByName(tags, 'outro')).toBeUndefined();
  });
});

describe('clientTagsSetSchema', () => {
  it('deduplicates tag ids and rejects non-ids', () => {
    const id = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';
    expect(clientTagsSetSchema.parse({ tagIds: [id, id] })).toEqual({ tagIds: [id] });
    expect(clientTagsSetSchema.safeParse({ tagIds: ['x'] }).success).toBe(false);
  });
});
