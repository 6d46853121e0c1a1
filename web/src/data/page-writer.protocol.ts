import type { PullResponse } from '@casa/shared-schema';
import type { SnapshotProgress } from './pull-apply';
import type { ReplicaSession } from './session';

/** The page writer's messages (page-writer.ts → page-writer.worker.ts): a page's rows in slices, then the write. */
export type WriterRequest =
  | { type: 'open'; dbName: string }
  | { type: 'rows'; id: number; changes: PullResponse['changes'] }
  | { type: 'apply'; id: number; session: ReplicaSession; page: Omit<PullResponse, 'changes'> };

/** A failure crosses as its name and message (the engine tells a closing connection by its name). */
export type WrittenError = { name: string; message: string };

export type WriterAnswer =
  | { type: 'ready' }
  | { type: 'applied'; id: number; progress: SnapshotProgress | null }
  | { type: 'failed'; id: number; error: WrittenError };
