import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type Cursor } from './sync-cursor';

// Ids that start with a letter, so the replacements below hit the seq and the source, not an id.
const owner = {
  organizationId: 'a1b2c3d4-0000-4000-8000-000000000001',
  userId: 'b1b2c3d4-0000-4000-8000-000000000002',
};

describe('sync cursor', () => {
  it.each<Cursor>([
    { kind: 'delta', seq: 0 },
    { kind: 'delta', seq: 123_456_789 },
    { kind: 'snapshot', seq: 7, source: 0, lastId: null },
    { kind: 'snapshot', seq: 7, source: 11, lastId: randomUUID() },
  ])('round-trips %o and stays under the contract’s 200 characters', (cursor) => {
    const text = encodeCursor(owner, cursor);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(decodeCursor(text, owner, 12)).toEqual(cursor);
  });

  it("reads another organization's or user's cursor, and anything malformed, as none", () => {
    const text = encodeCursor(owner, { kind: 'delta', seq: 5 });
    expect(decodeCursor(text, { ...owner, organizationId: randomUUID() }, 12)).toBeNull();
    expect(decodeCursor(text, { ...owner, userId: randomUUID() }, 12)).toBeNull();
    const snapshot = encodeCursor(owner, { kind: 'snapshot', seq: 5, source: 3, lastId: null });
    for (const bad of [
      undefined,
      '',
      'garbage',
      `${text}.1`,
      text.replace('.5', '.-5'),
      text.replace('.5', '.05'),
      text.replace('.5', '.99999999999999999'),
      snapshot.replace('.3.', '.12.'),
      snapshot.replace('.-', '.not-a-uuid'),
      `x${text}`,
    ]) {
      expect(decodeCursor(bad, owner, 12), String(bad)).toBeNull();
    }
  });
});
