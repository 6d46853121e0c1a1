import { describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api';
import { httpTransport } from './http-transport';
import { SyncHttpError } from './transport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(responses: Response[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return responses.shift()!;
    }) as typeof fetch,
    getCookie: () => 'tok',
    onSuspended: () => undefined,
  });
  return { transport: httpTransport(api), calls };
}

describe('httpTransport', () => {
  it('pulls with cursor and limit, and pushes with the CSRF header', async () => {
    const page = { cursor: '7', hasMore: false, reset: false, changes: [] };
    const { transport, calls } = setup([json(200, page), json(200, { lastMutationId: 1, results: [] })]);
    expect(await transport.pull({ cursor: '5', limit: 10 })).toEqual(page);
    expect(calls[0]!.url).toBe('/api/sync/pull?cursor=5&limit=10');
    const clientId = crypto.randomUUID();
    await transport.push({
      clientId,
      mutations: [{ mutationId: 1, name: 'markAllNotificationsRead', args: {} }],
    });
    expect(calls[1]!.url).toBe('/api/sync/push');
    expect(calls[1]!.init.method).toBe('POST');
    expect((calls[1]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
  });

  it('turns error answers into SyncHttpError with status and code', async () => {
    const { transport } = setup([
      json(401, { message: 'Sessão expirada. Inicie sessão novamente.', code: 'unauthenticated' }),
    ]);
    const err = await transport.pull({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SyncHttpError);
    expect(err).toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});
