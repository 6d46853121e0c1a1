import type { PullQuery, PullResponse, PushRequest, PushResponse } from '@casa/shared-schema';

/** How the sync engine reaches the server: HTTP in the app, an in-process fake in the tests. */
export interface SyncTransport {
  pull(query: Partial<PullQuery>): Promise<PullResponse>;
  push(request: PushRequest): Promise<PushResponse>;
}

/** A non-OK answer of the whole request (a network failure is any other error). */
export class SyncHttpError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'SyncHttpError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}
