import type { PullQuery, PushRequest } from '@casa/shared-schema';
import { SyncHttpError, type SyncTransport } from '../transport';
import type { FakeSyncServer } from './fake-sync-server';

/**
 * A device's connection to the fake server, with the faults of a phone network: offline, a request
 * that never arrives, a response lost after the server committed, an expired session.
 */
export class FakeTransport implements SyncTransport {
  offline = false;
  sessionExpired = false;
  dropRequests = 0;
  dropResponses = 0;
  readonly calls: { kind: 'push' | 'pull'; outcome: 'ok' | 'lost-request' | 'lost-response' | 'error' }[] =
    [];

  constructor(
    private readonly server: FakeSyncServer,
    public userId: string,
  ) {}

  private async call<T>(kind: 'push' | 'pull', fn: () => Promise<T>): Promise<T> {
    await Promise.resolve();
    if (this.offline) throw new TypeError('Failed to fetch');
    if (this.dropRequests > 0) {
      this.dropRequests -= 1;
      this.calls.push({ kind, outcome: 'lost-request' });
      throw new TypeError('Failed to fetch');
    }
    if (this.sessionExpired)
      throw new SyncHttpError(401, 'Sessão expirada. Inicie sessão novamente.', 'unauthenticated');
    let result: T;
    try {
      result = await fn();
    } catch (err) {
      this.calls.push({ kind, outcome: 'error' });
      throw err;
    }
    if (this.dropResponses > 0) {
      this.dropResponses -= 1;
      this.calls.push({ kind, outcome: 'lost-response' });
      throw new TypeError('network connection was lost');
    }
    this.calls.push({ kind, outcome: 'ok' });
    // Over the wire: the device never shares objects with the server.
    return structuredClone(result);
  }

  pull(query: Partial<PullQuery>) {
    return this.call('pull', () => this.server.pull(this.userId, query));
  }

  push(request: PushRequest) {
    return this.call('push', () => this.server.push(this.userId, structuredClone(request)));
  }
}
