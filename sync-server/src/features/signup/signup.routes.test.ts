import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  organizationSchema,
  registerResponseSchema,
  signupSteps,
  subscriptionSchema,
  validationMessages,
} from '@casa/shared-schema';
import { createOrganization, uniqueEmail } from '../../../test/factories';
import { startTestServer, TEST_SECRET, type TestClient, type TestServer } from '../../../test/server';
import { createPackageRow } from '../saas/saas-fixtures';
import { issueSignupToken } from './signup-token.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createPackageRow(server.knex, {
    name: 'org-professional',
    max_users: 15,
    max_clients: 5000,
    price: '199.00',
  });
  await createPackageRow(server.knex, { name: 'ind-premium', max_users: 1, max_clients: 0, price: '59.00' });
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;

async function stepOne(client: TestClient, name = 'Joana Matos') {
  const res = await client.post('/api/auth/register', {
    email: uniqueEmail('joana'),
    name,
    hashedPassword: 'Segredo#1x',
    role: 'admin',
  });
  expect(res.status).toBe(201);
  const user = registerResponseSchema.parse(res.json);
  expect(user.outcome).toBe('created');
  if (!user.signupToken) throw new Error('step 1 answered no sign-up token');
  return { ...user, signupToken: user.signupToken };
}

const withToken = (token: string) => ({ headers: { 'X-Signup-Token': token } });

describe('sign-up, three steps', () => {
  it('registers, names the organization and starts a 14-day trial; retries change nothing', async () => {
    const client = server.client();
    const user = await stepOne(client);
    expect(user.role).toBe('admin');
    expect((await client.get('/api/auth/me')).status).toBe(401); // step 1 logs nobody in

    const steps = signupSteps({
      type: 'organization',
      organizationName: 'Matos Imobiliária',
      adminName: 'Joana Matos',
      adminEmail: user.email,
      adminPhone: '912345678',
      numberOfAgents: '6-10',
      password: 'Segredo#1x',
      planId: 'org-professional',
      billingCycle: 'yearly',
    });
    const step2 = await client.post('/api/organizations', steps.organization, withToken(user.signupToken));
    expect(step2.status).toBe(201);
    expect(organizationSchema.parse(step2.json)).toMatchObject({
      id: user.organizationId,
      name: 'Matos Imobiliária',
    });
    const retry2 = await client.post('/api/organizations', steps.organization, withToken(user.signupToken));
    expect(retry2.status).toBe(200);
    expect(retry2.json.name).toBe('Matos Imobiliária');

    const before = Date.now();
    const step3 = await client.post(
      '/api/subscriptions/register',
      steps.subscription,
      withToken(user.signupToken),
    );
    expect(step3.status).toBe(201);
    const subscription = subscriptionSchema.parse(step3.json);
    expect(subscription).toMatchObject({
      organizationId: user.organizationId,
      status: 'trial',
      billingCycle: 'yearly',
    });
    const trialMs = Date.parse(subscription.trialEndsAt ?? '') - before;
    expect(trialMs).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(trialMs).toBeLessThan(14 * DAY_MS + 60_000);

    const retry3 = await client.post(
      '/api/subscriptions/register',
      steps.subscription,
      withToken(user.signupToken),
    );
    expect(retry3.status).toBe(200);
    expect(retry3.json.id).toBe(subscription.id);
    const subs = await server
      .knex('subscriptions')
      .where('organization_id', user.organizationId)
      .select('id');
    expect(subs).toHaveLength(1);

    const org = await server.knex('organizations').where('id', user.organizationId).first();
    expect(org).toMatchObject({ status: 'trial', plan: 'professional', max_users: 15, max_clients: 5000 });
    expect(org.package_id).toBe(subscription.packageId);
    // The trial organization's admin can log in afterwards.
    await server.loginAs(user.email, 'Segredo#1x');
  });

  it("gives the new organization its admin's email, or none when another organization has it", async () => {
    const client = server.client();
    const user = await stepOne(client);
    const org = await server.knex('organizations').where('id', user.organizationId).first('email');
    expect(org?.email).toBe(user.email);

    const taken = uniqueEmail('taken');
    await createOrganization(server.knex, { name: 'Dona do email' });
    await server.knex('organizations').where('name', 'Dona do email').update({ email: taken });
    const res = await client.post('/api/auth/register', {
      email: taken,
      name: 'Rui Dias',
      hashedPassword: 'Segredo#1x',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    const second = registerResponseSchema.parse(res.json);
    const row = await server.knex('organizations').where('id', second.organizationId).first('email');
    expect(row?.email ?? null).toBeNull();
  });

  it("names an individual agent's organization and accepts {planId}", async () => {
    const client = server.client();
    const user = await stepOne(client, 'Rui Santos');
    const step2 = await client.post(
      '/api/organizations',
      { name: 'Rui Santos - Agente Individual' },
      withToken(user.signupToken),
    );
    expect(step2.json.name).toBe('Rui Santos - Agente Individual');
    const step3 = await client.post(
      '/api/subscriptions/register',
      { planId: 'ind-premium', billingCycle: 'monthly' },
      withToken(user.signupToken),
    );
    expect(step3.status).toBe(201);
    const org = await server.knex('organizations').where('id', user.organizationId).first();
    expect(org).toMatchObject({ max_users: 1, max_clients: 0, status: 'trial' });
  });

  it('validates step 2 and step 3', async () => {
    const client = server.client();
    const user = await stepOne(client);
    const short = await client.post('/api/organizations', { name: 'A' }, withToken(user.signupToken));
    expect(short.status).toBe(400);
    expect(short.json.fieldErrors.name).toBe(validationMessages.organizationNameMin2);
    const badPlan = await client.post(
      '/api/subscriptions/register',
      { packageId: 'gold' },
      withToken(user.signupToken),
    );
    expect(badPlan.status).toBe(400);
    const unknown = await client.post(
      '/api/subscriptions/register',
      { packageId: crypto.randomUUID() },
      withToken(user.signupToken),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(errorMessages.packageNotFound);
  });

  it('needs a valid, unexpired token for the organization step 1 created (401)', async () => {
    const client = server.client();
    const user = await stepOne(client);
    const none = await client.post('/api/organizations', { name: 'Sem Token' });
    expect(none.status).toBe(401);
    expect(none.json.message).toBe(errorMessages.signupTokenInvalid);
    const forged = `${user.signupToken.split('.')[0]}.AAAA`;
    expect((await client.post('/api/organizations', { name: 'Forjado' }, withToken(forged))).status).toBe(
      401,
    );
    const expired = issueSignupToken(
      TEST_SECRET,
      { userId: user.id, organizationId: user.organizationId ?? '' },
      new Date(Date.now() - 31 * 60_000),
    );
    expect((await client.post('/api/organizations', { name: 'Expirado' }, withToken(expired))).status).toBe(
      401,
    );
    const other = await stepOne(server.client());
    const mixed = issueSignupToken(TEST_SECRET, {
      userId: user.id,
      organizationId: other.organizationId ?? '',
    });
    expect((await client.post('/api/organizations', { name: 'Misturado' }, withToken(mixed))).status).toBe(
      401,
    );
    const names = await server
      .knex('organizations')
      .whereIn('id', [user.organizationId, other.organizationId])
      .pluck('name');
    expect(names).not.toContain('Misturado');
    expect(names).not.toContain('Sem Token');
  });
});
