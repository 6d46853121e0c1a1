import type { PullResponse } from '@casa/shared-schema';
import type { SnapshotProgress } from './pull-apply';
import type { ReplicaSession } from './session';

/** A pull page without its rows: what the engine needs of a page the worker fetched and keeps. */
export type PageHeader = Omit<PullResponse, 'changes'>;

/**
 * The page writer's messages (page-writer.ts → page-writer.worker.ts): a page's rows in slices, or the
 * page's address for the worker to fetch it and keep its rows; then the write (or the drop of a page the
 * engine no longer writes).
 */
export type WriterRequest =
  | { type: 'open'; dbName: string }
  | { type: 'rows'; id: number; changes: PullResponse['changes'] }
  | { type: 'fetch'; id: number; url: string }
  | { type: 'drop'; id: number }
  | { type: 'apply'; id: number; session: ReplicaSession; page: PageHeader };

/** A failure crosses as its name and message (the engine tells a closing connection by its name). */
export type WrittenError = { name: string; message: string };

/** An answer that was not OK, as the server sent it: the page reads it with its own rules (lib/api.ts). */
export type Refusal = { status: number; statusText: string; body: string };

export type WriterAnswer =
  | { type: 'ready' }
  | { type: 'fetched'; id: number; page: PageHeader }
  | { type: 'refused'; id: number; refusal: Refusal }
  | { type: 'applied'; id: number; progress: SnapshotProgress | null }
  | { type: 'failed'; id: number; error: WrittenError };
