import { describe, expect, it } from 'vitest';
import type { Signup } from '@casa/shared-schema';
import { ApiError, type RequestOptions } from '../../lib/api';
import { createSignupRunner, type SignupStep } from './signup-runner';

type Call = { path: string; body: unknown; headers?: Record<string, string> };

function fakeClient(failures: Record<string, unknown[]> = {}, registerAnswer?: object) {
  const calls: Call[] = [];
  let n = 0;
  const request = async (path: string, options: RequestOptions = {}) => {
    calls.push({ path, body: options.body, headers: options.headers });
    const failure = failures[path]?.shift();
    if (failure) throw failure;
    if (path === '/api/auth/register') {
      return registerAnswer ?? { id: `u${++n}`, outcome: 'created', signupToken: `token-${n}` };
    }
    if (path === '/api/subscriptions/register') return { id: 's1', status: 'trial' };
    return { id: 'o1' };
  };
  return { calls, client: { request: request as never } };
}

const individual: Signup = {
  type: 'individual',
  name: 'Rita Sousa',
  email: 'rita@exemplo.pt',
  phone: '912345678',
  licenseNumber: 'AMI-12345',
  password: 'segredo1',
  planId: 'ind-basic',
  billingCycle: 'yearly',
};

describe('runSignup', () => {
  it('runs the three steps in order with the token of step 1', async () => {
    const { calls, client } = fakeClient();
    const seen: SignupStep[] = [];
    const outcome = await createSignupRunner(client)(individual, (s) => seen.push(s));
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual(['register', 'organization', 'subscription']);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/register',
      '/api/organizations',
      '/api/subscriptions/register',
    ]);
    expect(calls[0]?.body).toEqual({
      email: 'rita@exemplo.pt',
      name: 'Rita Sousa',
      hashedPassword: 'segredo1',
      role: 'admin',
    });
    expect(calls[1]?.body).toEqual({ name: 'Rita Sousa - Agente Individual' });
    expect(calls[1]?.headers).toEqual({ 'X-Signup-Token': 'token-1' });
    expect(calls[2]?.body).toEqual({ packageId: 'ind-basic', billingCycle: 'yearly' });
  });

  it('after a failure at step 2 the retry continues without registering again', async () => {
    const { calls, client } = fakeClient({ '/api/organizations': [new TypeError('Failed to fetch')] });
    const run = createSignupRunner(client);
    const first = await run(individual, () => {});
    expect(first).toEqual({
      ok: false,
      failedStep: 'organization',
      message: 'Erro ao processar registo: Erro ao criar organização',
    });
    const second = await run(individual, () => {});
    expect(second.ok).toBe(true);
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(1);
    expect(calls.at(-1)?.headers).toEqual({ 'X-Signup-Token': 'token-1' });
  });

  it('shows the server message of a failed step 3 and registers anew for another email', async () => {
    const { calls, client } = fakeClient({
      '/api/subscriptions/register': [new ApiError(404, 'Package não encontrado.', {})],
    });
    const run = createSignupRunner(client);
    expect(await run(individual, () => {})).toMatchObject({
      failedStep: 'subscription',
      message: 'Erro ao processar registo: Package não encontrado.',
    });
    await run({ ...individual, email: 'outra@exemplo.pt' }, () => {});
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(2);
    expect(calls.at(-1)?.headers).toEqual({ 'X-Signup-Token': 'token-2' });
  });

  it("stops after step 1 when the email's domain joined an existing organization", async () => {
    const { calls, client } = fakeClient(
      {},
      {
        id: 'u1',
        outcome: 'joined',
        joinedOrganization: { id: 'o9', name: 'Imobiliária Sol', role: 'agent', pendingApproval: true },
      },
    );
    const seen: SignupStep[] = [];
    const outcome = await createSignupRunner(client)(individual, (s) => seen.push(s));
    expect(outcome).toEqual({
      ok: true,
      joined: { name: 'Imobiliária Sol', role: 'agent', pendingApproval: true },
    });
    expect(seen).toEqual(['register']);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/register']);
  });

  it('uses the account fallback when step 1 fails without a message', async () => {
    const { client } = fakeClient({ '/api/auth/register': [new ApiError(500, '', {})] });
    expect(await createSignupRunner(client)(individual, () => {})).toMatchObject({
      failedStep: 'register',
      message: 'Erro ao processar registo: Erro ao criar conta',
    });
  });
});
