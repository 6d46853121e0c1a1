import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { ApiError, createApiClient, createSuspendedLogout, CSRF_HEADER, type ApiClientDeps } from './api';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function text(status: number, body: string, statusText = ''): Response {
  return new Response(body, { status, statusText, headers: { 'Content-Type': 'text/html' } });
}

/** A client whose fetch answers from the given queue; `cookie` plays the browser's csrf_token cookie. */
function setup(responses: Response[], opts: { cookie?: string; cookieAfterHealth?: string } = {}) {
  const calls: Call[] = [];
  let cookie = opts.cookie;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    if (url === '/api/health') {
      cookie = opts.cookieAfterHealth;
      return json(200, { ok: true });
    }
    const next = responses.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next;
  });
  const onSuspended = vi.fn();
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCookie: (name) => (name === 'csrf_token' ? cookie : undefined),
    onSuspended,
  };
  return { api: createApiClient(deps), calls, onSuspended };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function header(call: Call | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

describe('api request helper: success and transport', () => {
  it('parses a JSON answer and always sends credentials', async () => {
    const { api, calls } = setup([json(200, { id: 'u1' })]);
    await expect(api.get('/api/auth/me')).resolves.toEqual({ id: 'u1' });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('sends JSON bodies with a content type', async () => {
    const { api, calls } = setup([json(200, { ok: true })], { cookie: 'tok' });
    await api.post('/api/auth/login', { email: 'a@b.pt', password: 'x' });
    expect(calls[0]?.init.body).toBe('{"email":"a@b.pt","password":"x"}');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('sends FormData as multipart: no JSON content type, body untouched', async () => {
    const { api, calls } = setup([json(200, { profilePhoto: '/api/users/u1/photo?v=2' })], { cookie: 'tok' });
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(api.post('/api/profile/photo', form)).resolves.toEqual({
      profilePhoto: '/api/users/u1/photo?v=2',
    });
    expect(calls[0]?.init.body).toBe(form);
    expect(header(calls[0], 'Content-Type')).toBeUndefined();
    expect(header(calls[0], CSRF_HEADER)).toBe('tok');
  });

  it('resolves an empty answer (204) as undefined', async () => {
    const { api } = setup([new Response(null, { status: 204 })], { cookie: 'tok' });
    await expect(api.del('/api/profile/photo')).resolves.toBeUndefined();
  });

  it('can turn a 401 into null instead of an error', async () => {
    const answer = json(401, { message: 'Sessão expirada' });
    const { api } = setup([answer]);
    await expect(api.request('/api/auth/me', { nullOn401: true })).resolves.toBeNull();
    // Read, so the request ends (an unread answer kept Lighthouse waiting for a quiet network).
    expect(answer.bodyUsed).toBe(true);
  });

  it('throws on a 401 when null was not asked for', async () => {
    const { api } = setup([json(401, { message: 'Email ou palavra-passe incorretos.' })], { cookie: 't' });
    const error = await failure(api.post('/api/auth/login', {}));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Email ou palavra-passe incorretos.');
  });
});

describe('api request helper: CSRF header', () => {
  it('sends the csrf_token cookie value on every non-GET request', async () => {
    const { api, calls } = setup([json(200, {}), json(200, {}), json(200, {}), json(200, {})], {
      cookie: 'abc123',
    });
    await api.post('/a');
    await api.put('/b');
    await api.patch('/c');
    await api.del('/d');
    expect(calls.map((c) => header(c, CSRF_HEADER))).toEqual(['abc123', 'abc123', 'abc123', 'abc123']);
  });

  it('does not send the header on GET', async () => {
    const { api, calls } = setup([json(200, {})], { cookie: 'abc123' });
    await api.get('/api/clients');
    expect(header(calls[0], CSRF_HEADER)).toBeUndefined();
  });

  it('fetches /api/health first when the cookie is absent', async () => {
    const { api, calls } = setup([json(200, {})], { cookieAfterHealth: 'fresh' });
    await api.post('/api/auth/logout');
    expect(calls.map((c) => c.url)).toEqual(['/api/health', '/api/auth/logout']);
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[1], CSRF_HEADER)).toBe('fresh');
  });

  it('sends extra headers beside the CSRF one (the sign-up token of steps 2 and 3)', async () => {
    const { api, calls } = setup([json(200, {})], { cookie: 'abc123' });
    await api.request('/api/organizations', {
      method: 'POST',
      body: {},
      headers: { 'X-Signup-Token': 't1' },
    });
    expect(header(calls[0], 'X-Signup-Token')).toBe('t1');
    expect(header(calls[0], CSRF_HEADER)).toBe('abc123');
  });

  it('does not call /api/health when the cookie is present', async () => {
    const { api, calls } = setup([json(200, {})], { cookie: 'have' });
    await api.post('/x');
    expect(calls.map((c) => c.url)).toEqual(['/x']);
  });
});

describe('api request helper: JSON error bodies (docs/product.md#messages)', () => {
  it('takes the message from the body message first', async () => {
    const { api } = setup([json(400, { message: 'Mensagem', error: 'Erro' }, 'Bad Request')]);
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('Mensagem');
  });

  it('falls back to the body error', async () => {
    const { api } = setup([json(400, { error: 'Só erro' }, 'Bad Request')]);
    expect((await failure(api.get('/x'))).message).toBe('Só erro');
  });

  it('falls back to the status text', async () => {
    const { api } = setup([json(422, { other: 1 }, 'Unprocessable Entity')]);
    expect((await failure(api.get('/x'))).message).toBe('Unprocessable Entity');
  });

  it('carries the status and the original body', async () => {
    const body = { message: 'Dados inválidos', code: 'validation', fieldErrors: { email: 'Email inválido' } };
    const { api } = setup([json(400, body)]);
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.code).toBe('validation');
  });

  it.each([
    'Email already exists',
    'Este email já existe',
    'O email já está em uso',
    'User with this email already exists',
  ])('409 saying the email exists (%s) gives the email-in-use text', async (message) => {
    const { api } = setup([json(409, { message })]);
    expect((await failure(api.get('/x'))).message).toBe(errorMessages.emailInUse);
  });

  it('409 with the email_in_use code gives the email-in-use text', async () => {
    const { api } = setup([json(409, { message: 'Conflito', code: 'email_in_use' })]);
    expect((await failure(api.get('/x'))).message).toBe(errorMessages.emailInUse);
  });

  it('409 about something else keeps the server message', async () => {
    const { api } = setup([json(409, { message: 'Já existe uma tag com este nome.' })]);
    expect((await failure(api.get('/x'))).message).toBe('Já existe uma tag com este nome.');
  });

  it('403 uses the body error', async () => {
    const { api, onSuspended } = setup([json(403, { message: 'm', error: 'Sem acesso a isto' })]);
    expect((await failure(api.get('/x'))).message).toBe('Sem acesso a isto');
    expect(onSuspended).not.toHaveBeenCalled();
  });

  it('403 without an error field gives the permissions text', async () => {
    const { api } = setup([json(403, { message: 'Forbidden' })]);
    const error = await failure(api.get('/x'));
    expect(error.message).toBe(errorMessages.forbidden);
    expect(error.message).toBe('Não tem permissões para executar esta operação.');
  });

  it.each([
    { message: 'Account suspended' },
    { message: 'A sua conta está suspensa.' },
    { error: 'Organização suspensa' },
    { message: 'Conta SUSPENDED pelo administrador' },
  ])('403 with suspended in the message (%o) triggers the suspension logout', async (body) => {
    const { api, onSuspended } = setup([json(403, body)]);
    const error = await failure(api.get('/x'));
    expect(onSuspended).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(403);
  });

  it('a suspension word on another status does not log out', async () => {
    const { api, onSuspended } = setup([json(400, { message: 'suspensa' })]);
    await failure(api.get('/x'));
    expect(onSuspended).not.toHaveBeenCalled();
  });

  it('404 gives the not-found text whatever the body says', async () => {
    const { api } = setup([json(404, { message: 'Client not found' })]);
    expect((await failure(api.get('/x'))).message).toBe('Recurso não encontrado.');
  });

  it('500 gives the internal-error text', async () => {
    const { api } = setup([json(500, { message: 'boom' })]);
    expect((await failure(api.get('/x'))).message).toBe(
      'Erro interno do servidor. Tente novamente mais tarde.',
    );
  });

  it('other 5xx with JSON keep the server message', async () => {
    const { api } = setup([json(503, { message: 'Em manutenção' })]);
    expect((await failure(api.get('/x'))).message).toBe('Em manutenção');
  });
});

describe('api request helper: bodies that are not JSON (docs/product.md#messages)', () => {
  it.each([
    [400, 'Erro 400'],
    [401, 'Erro 401'],
    [422, 'Erro 422'],
    [409, 'Conflito: dados já existem no sistema.'],
    [403, 'Acesso negado.'],
    [404, 'Recurso não encontrado.'],
    [500, 'Erro do servidor. Tente novamente.'],
    [502, 'Erro do servidor. Tente novamente.'],
    [503, 'Erro do servidor. Tente novamente.'],
  ])('status %i gives %s', async (status, expected) => {
    const { api, onSuspended } = setup([text(status, '<html>suspended</html>', 'X')]);
    const error = await failure(api.get('/x'));
    expect(error.message).toBe(expected);
    expect(error.status).toBe(status);
    expect(error.body).toBe('<html>suspended</html>');
    expect(onSuspended).not.toHaveBeenCalled();
  });

  it('an empty error body counts as not JSON', async () => {
    const { api } = setup([new Response('', { status: 418 })]);
    expect((await failure(api.get('/x'))).message).toBe('Erro 418');
  });
});

describe('suspension logout (docs/product.md#messages)', () => {
  function place(pathname: string, search = '') {
    return { pathname, search, assign: vi.fn() };
  }

  it('logs out, then goes to /login?suspended=true', async () => {
    const { api, calls } = setup([json(200, { ok: true })], { cookie: 't' });
    const location = place('/clients');
    await createSuspendedLogout(
      () => api,
      () => location,
    )();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/logout']);
    expect(location.assign).toHaveBeenCalledWith('/login?suspended=true');
  });

  it('forgets the user cached for an offline start before it leaves (the login page would reopen the session)', async () => {
    const { api } = setup([json(200, { ok: true })], { cookie: 't' });
    const location = place('/clients');
    const order: string[] = [];
    location.assign.mockImplementation(() => order.push('assign'));
    await createSuspendedLogout(
      () => api,
      () => location,
      () => order.push('forget'),
    )();
    expect(order).toEqual(['forget', 'assign']);
  });

  it('still goes to the suspension page when logout fails', async () => {
    const { api } = setup([json(500, { message: 'x' })], { cookie: 't' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const location = place('/');
    await createSuspendedLogout(
      () => api,
      () => location,
    )();
    expect(location.assign).toHaveBeenCalledWith('/login?suspended=true');
    log.mockRestore();
  });

  it('runs once for parallel triggers', async () => {
    const { api, calls } = setup([json(200, {}), json(200, {})], { cookie: 't' });
    const location = place('/');
    const run = createSuspendedLogout(
      () => api,
      () => location,
    );
    await Promise.all([run(), run()]);
    expect(calls).toHaveLength(1);
    expect(location.assign).toHaveBeenCalledTimes(1);
  });

  it('does not reload when already on the suspension page', async () => {
    const { api } = setup([json(200, {})], { cookie: 't' });
    const location = place('/login', '?suspended=true');
    await createSuspendedLogout(
      () => api,
      () => location,
    )();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('a suspended 403 from the default client wiring calls the handler before throwing', async () => {
    const order: string[] = [];
    const client = createApiClient({
      fetch: (async () => json(403, { message: 'Conta suspensa' })) as unknown as typeof fetch,
      getCookie: () => undefined,
      onSuspended: () => order.push('suspended'),
    });
    await client.get('/x').catch(() => order.push('thrown'));
    expect(order).toEqual(['suspended', 'thrown']);
  });
});

describe('maintenance mode (503 maintenance)', () => {
  it('reports the server message, then throws it', async () => {
    const onMaintenance = vi.fn();
    const api = createApiClient({
      fetch: (async () =>
        json(503, { code: 'maintenance', message: 'Voltamos já.' })) as unknown as typeof globalThis.fetch,
      getCookie: () => undefined,
      onSuspended: () => {},
      onMaintenance,
    });
    const error = await failure(api.get('/api/clients'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Voltamos já.');
    expect(onMaintenance).toHaveBeenCalledWith('Voltamos já.');
  });

  it('a 503 of another kind is not maintenance', async () => {
    const onMaintenance = vi.fn();
    const api = createApiClient({
      fetch: (async () =>
        json(503, { code: 'internal', message: 'x' })) as unknown as typeof globalThis.fetch,
      getCookie: () => undefined,
      onSuspended: () => {},
      onMaintenance,
    });
    await failure(api.get('/api/clients'));
    expect(onMaintenance).not.toHaveBeenCalled();
  });
});
