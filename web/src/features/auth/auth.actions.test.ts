import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../lib/api';
import { logout, register } from './auth.actions';

function clientAnswering(answer: () => Promise<Response>): {
  client: ApiClient;
  fetch: ReturnType<typeof vi.fn>;
} {
  const fetch = vi.fn(answer);
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCookie: () => 'token',
    onSuspended: () => {},
  });
  return { client, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('logout (account menu, docs/product.md#accounts)', () => {
  it('goes to /login when the server says OK', async () => {
    const { client, fetch } = clientAnswering(async () => json(200, { ok: true }));
    const go = vi.fn();
    await logout(client, go);
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(go).toHaveBeenCalledWith('/login');
  });

  it('only logs a failed answer and stays', async () => {
    const { client } = clientAnswering(async () => json(500, { message: 'boom' }));
    const go = vi.fn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await logout(client, go);
    expect(go).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('forgets the device copy of the user on OK and when offline, not on a refused logout', async () => {
    const cases = [
      { answer: async () => json(200, { ok: true }), cleared: true },
      { answer: async () => Promise.reject(new TypeError('Failed to fetch')), cleared: true },
      { answer: async () => json(500, { message: 'boom' }), cleared: false },
    ];
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const { answer, cleared } of cases) {
      const write = vi.fn();
      await logout(clientAnswering(answer).client, vi.fn(), { read: () => null, write });
      expect(write.mock.calls).toEqual(cleared ? [[null]] : []);
    }
    log.mockRestore();
  });

  it('goes to /login anyway when the request throws', async () => {
    const { client } = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const go = vi.fn();
    await logout(client, go);
    expect(go).toHaveBeenCalledWith('/login');
  });
});

describe('register', () => {
  it('sends the register payload and null for a blank organization name', async () => {
    const { client, fetch } = clientAnswering(async () => json(201, { id: 'x' }));
    await register(
      {
        fullName: 'Rita Sousa',
        email: 'rita@teste.pt',
        organizationName: '  ',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgh',
      },
      client,
    );
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'rita@teste.pt',
      password: 'abcdefgh',
      fullName: 'Rita Sousa',
      organizationName: null,
    });
  });

  it('keeps a typed organization name, trimmed', async () => {
    const { client, fetch } = clientAnswering(async () => json(201, {}));
    await register(
      {
        fullName: 'A B',
        email: 'a@b.pt',
        organizationName: ' Casa Azul ',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgh',
      },
      client,
    );
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body)).organizationName).toBe('Casa Azul');
  });
});
