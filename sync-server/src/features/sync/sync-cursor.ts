/**
 * The pull cursor (docs/sync.md). Opaque to the device, plain data for the server: any process on the
 * same database reads it, and it survives restarts.
 *
 *   snapshot page:  s1.<organizationId>.<userId>.<snapshotSeq>.<sourceIndex>.<lastId | ->
 *   delta:          d1.<organizationId>.<userId>.<seq>
 *
 * A cursor of another organization or user, or one that does not parse, reads as "no cursor" (reset).
 */
export type SnapshotCursor = {
  kind: 'snapshot';
  /** organizations.change_seq when the snapshot started: deltas continue from there. */
  seq: number;
  /** Index in SNAPSHOT_SOURCES of the source being paged. */
  source: number;
  /** Last id sent from that source (keyset), null at its start. */
  lastId: string | null;
};
export type DeltaCursor = { kind: 'delta'; seq: number };
export type Cursor = SnapshotCursor | DeltaCursor;
export type CursorOwner = { organizationId: string; userId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEQ = /^(0|[1-9][0-9]{0,15})$/;

export function encodeCursor(owner: CursorOwner, cursor: Cursor): string {
  const head = `${owner.organizationId}.${owner.userId}.${cursor.seq}`;
  if (cursor.kind === 'delta') return `d1.${head}`;
  return `s1.${head}.${cursor.source}.${cursor.lastId ?? '-'}`;
}

export function decodeCursor(
  text: string | undefined,
  owner: CursorOwner,
  sourceCount: number,
): Cursor | null {
  if (!text) return null;
  const [version, organizationId, userId, seqText, sourceText, lastId, ...rest] = text.split('.');
  if (rest.length > 0 || organizationId !== owner.organizationId || userId !== owner.userId) return null;
  if (!seqText || !SEQ.test(seqText)) return null;
  const seq = Number(seqText);
  if (!Number.isSafeInteger(seq)) return null;
  if (version === 'd1' && sourceText === undefined) return { kind: 'delta', seq };
  if (version !== 's1' || !sourceText || !SEQ.test(sourceText) || lastId === undefined) return null;
  const source = Number(sourceText);
  if (source >= sourceCount) return null;
  if (lastId !== '-' && !UUID.test(lastId)) return null;
  return { kind: 'snapshot', seq, source, lastId: lastId === '-' ? null : lastId };
}
