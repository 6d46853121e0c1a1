import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  notificationTexts,
  registerResponseSchema,
  signupSteps,
  userSchema,
  type RegistrationSettingsUpdate,
} from '@casa/shared-schema';
import {
  createOrganization,
  createUser,
  TEST_PASSWORD,
  type OrganizationFixture,
  type UserFixture,
} from '../../../test/factories';
import { startTestServer, TEST_SECRET, type TestClient, type TestServer } from '../../../test/server';
import { createPackageRow } from '../saas/saas-fixtures';
import { issueSignupToken } from './signup-token.service';

// POST /api/auth/register with organizations' registration settings (joining the organization that claims
// the email's domain) and the resume of an unfinished sign-up, over real HTTP.

let server: TestServer;
let superAdmin: TestClient;
let seq = 0;
beforeAll(async () => {
  server = await startTestServer();
  await createPackageRow(server.knex, { name: 'org-professional', max_users: 15, max_clients: 5000 });
  const root = await createUser(server.knex, { role: 'super_admin' });
  superAdmin = await server.loginAs(root.email, root.password);
});
afterAll(() => server.close());

const PASSWORD = 'Segredo#1x';
const uniqueDomain = () => `agencia-${Date.now().toString(36)}-${++seq}.pt`;

/** An organization (created by the super admin's side, with one active admin) and its saved settings. */
async function claimingOrganization(
  settings: RegistrationSettingsUpdate,
  org: { maxUsers?: number; status?: string } = {},
): Promise<{ org: OrganizationFixture; admin: UserFixture; domain: string }> {
  const domain = uniqueDomain();
  const created = await createOrganization(server.knex, { status: org.status });
  if (org.maxUsers !== undefined) {
    await server.knex('organizations').where('id', created.id).update({ max_users: org.maxUsers });
  }
  const admin = await createUser(server.knex, { organizationId: created.id, role: 'admin' });
  const saved = await superAdmin.put(`/api/organizations/${created.id}/registration-settings`, {
    enabled: true,
    allowedDomains: [domain],
    ...settings,
  });
  expect(saved.status).toBe(200);
  return { org: created, admin, domain };
}

function signupPayload(email: string, name = 'Marta Leal', password = PASSWORD) {
  return { email, name, hashedPassword: password, role: 'admin' };
}

async function organizationCount(): Promise<number> {
  const row = (await server.knex('organizations').count({ n: '*' }).first()) as { n: unknown };
  return Number(row.n);
}

const withToken = (token: string | undefined) => ({ headers: { 'X-Signup-Token': token ?? '' } });

describe('sign-up into the organization that claims the email domain', () => {
  it('joins with the default role, awaiting approval: no token, no login until an admin activates', async () => {
    const { org, admin, domain } = await claimingOrganization({
      requireApproval: true,
      defaultRole: 'agent',
    });
    const before = await organizationCount();
    const email = `marta@${domain.toUpperCase()}`;

    const res = await server.client().post('/api/auth/register', signupPayload(email));
    expect(res.status).toBe(201);
    const answer = registerResponseSchema.parse(res.json);
    expect(answer).toMatchObject({
      outcome: 'joined',
      organizationId: org.id,
      role: 'agent',
      status: 'inactive',
      email: email.toLowerCase(),
      joinedOrganization: { id: org.id, name: org.name, role: 'agent', pendingApproval: true },
    });
    expect(answer.signupToken).toBeUndefined();
    expect(await organizationCount()).toBe(before);

    // Login: the right password is told the account awaits approval (403, not the suspension code).
    const login = await server.client().post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json).toMatchObject({ message: errorMessages.accountPendingApproval, code: 'forbidden' });
    const wrong = await server.client().post('/api/auth/login', { email, password: 'outra-coisa' });
    expect(wrong.status).toBe(401);

    // The organization's admin sees the user and a notification, and activates them.
    const adminClient = await server.loginAs(admin.email, admin.password);
    const users = userSchema.array().parse((await adminClient.get('/api/organization/users')).json);
    expect(users.find((u) => u.id === answer.id)).toMatchObject({ status: 'inactive', lastLoginAt: null });
    const notifications = (await adminClient.get('/api/notifications')).json.notifications as {
      title: string;
      body: string;
      type: string;
    }[];
    expect(notifications).toContainEqual(
      expect.objectContaining({
        type: 'system',
        title: notificationTexts.signupPendingTitle('Marta Leal'),
        body: notificationTexts.signupPendingBody(email.toLowerCase()),
      }),
    );
    const activated = await adminClient.put(`/api/organization/users/${answer.id}`, { status: 'active' });
    expect(activated.status).toBe(200);
    const member = await server.loginAs(email, PASSWORD);
    expect((await member.get('/api/auth/me')).json).toMatchObject({ organizationId: org.id, role: 'agent' });
  });

  it('joins active without approval, also from the register screen (its organization name is ignored)', async () => {
    const { org, domain } = await claimingOrganization({ requireApproval: false, defaultRole: 'viewer' });
    const before = await organizationCount();
    const res = await server.client().post('/api/auth/register', {
      email: `rui@${domain}`,
      password: 'umaSenha123',
      fullName: 'Rui Lopes',
      organizationName: 'Uma Organização Nova',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      outcome: 'joined',
      organizationId: org.id,
      role: 'viewer',
      status: 'active',
      joinedOrganization: { pendingApproval: false, role: 'viewer' },
    });
    expect(await organizationCount()).toBe(before);
    const member = await server.loginAs(`rui@${domain}`, 'umaSenha123');
    expect((await member.get('/api/auth/me')).json).toMatchObject({ organizationId: org.id, role: 'viewer' });
  });

  it('creates its own organization when no organization claims the domain', async () => {
    const cases: [string, RegistrationSettingsUpdate, { status?: string }][] = [
      ['an empty domain list (all domains allowed) claims no sign-up', { allowedDomains: [] }, {}],
      ['registration disabled', { enabled: false }, {}],
      ['invitation only', { invitationOnly: true }, {}],
      ['a suspended organization', {}, { status: 'suspended' }],
    ];
    for (const [why, settings, org] of cases) {
      const { domain } = await claimingOrganization(settings, org);
      const before = await organizationCount();
      const res = await server.client().post('/api/auth/register', signupPayload(`nova@${domain}`));
      expect(res.status, why).toBe(201);
      expect(res.json, why).toMatchObject({ outcome: 'created', role: 'admin', status: 'active' });
      expect(res.json.signupToken, why).toEqual(expect.any(String));
      expect(await organizationCount(), why).toBe(before + 1);
    }
    // Another domain than the one claimed: its own organization too.
    await claimingOrganization({ requireApproval: false });
    const res = await server.client().post('/api/auth/register', signupPayload(`x@${uniqueDomain()}`));
    expect(res.json.outcome).toBe('created');
  });

  it("refuses with the organization's name when the plan's or the role's user limit is reached", async () => {
    const full = await claimingOrganization({ requireApproval: false }, { maxUsers: 1 });
    const planRes = await server.client().post('/api/auth/register', signupPayload(`a@${full.domain}`));
    expect(planRes.status).toBe(409);
    expect(planRes.json).toMatchObject({
      message: errorMessages.signupOrganizationFull(full.org.name),
      code: 'limit_reached',
    });

    const roles = await claimingOrganization({
      requireApproval: true,
      defaultRole: 'agent',
      maxUsersPerRole: { agent: 1 },
    });
    const first = await server.client().post('/api/auth/register', signupPayload(`um@${roles.domain}`));
    expect(first.status).toBe(201);
    const second = await server.client().post('/api/auth/register', signupPayload(`dois@${roles.domain}`));
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(errorMessages.signupRoleLimitReached(roles.org.name));
    const emails = await server
      .knex('users')
      .whereIn('organization_id', [full.org.id, roles.org.id])
      .pluck('email');
    expect(emails).not.toContain(`a@${full.domain}`);
    expect(emails).not.toContain(`dois@${roles.domain}`);

    // 0 means unlimited.
    const open = await claimingOrganization(
      { requireApproval: false, maxUsersPerRole: { viewer: 0 } },
      { maxUsers: 0 },
    );
    for (const n of [1, 2, 3]) {
      expect(
        (await server.client().post('/api/auth/register', signupPayload(`v${n}@${open.domain}`))).status,
      ).toBe(201);
    }
  });

  it('the oldest organization wins when two claim the same domain', async () => {
    const older = await claimingOrganization({ requireApproval: false });
    const newer = await createOrganization(server.knex);
    await server
      .knex('organizations')
      .where('id', newer.id)
      .update({ created_at: '2099-01-01T00:00:00.000Z' });
    await superAdmin.put(`/api/organizations/${newer.id}/registration-settings`, {
      enabled: true,
      requireApproval: false,
      allowedDomains: [older.domain],
    });
    const res = await server.client().post('/api/auth/register', signupPayload(`p@${older.domain}`));
    expect(res.json.organizationId).toBe(older.org.id);
  });

  it("a joined admin can never run steps 2 and 3 on the organization, nor 'resume' into it", async () => {
    const { org, domain } = await claimingOrganization({ requireApproval: false, defaultRole: 'admin' });
    const email = `chefe@${domain}`;
    const res = await server.client().post('/api/auth/register', signupPayload(email));
    expect(res.json).toMatchObject({ outcome: 'joined', role: 'admin', status: 'active' });
    const forged = issueSignupToken(TEST_SECRET, { userId: res.json.id, organizationId: org.id });
    const step2 = await server.client().post('/api/organizations', { name: 'Tomada' }, withToken(forged));
    expect(step2.status).toBe(401);
    const again = await server.client().post('/api/auth/register', signupPayload(email));
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(errorMessages.emailInUse);
    expect((await server.knex('organizations').where('id', org.id).first()).name).toBe(org.name);
  });
});

describe('resuming an unfinished sign-up', () => {
  const steps = (email: string) =>
    signupSteps({
      type: 'organization',
      organizationName: 'Leal Imóveis',
      adminName: 'Marta Leal',
      adminEmail: email,
      adminPhone: '912345678',
      numberOfAgents: '1-5',
      password: PASSWORD,
      planId: 'org-professional',
      billingCycle: 'monthly',
    });

  it('registering again with the right password continues where it stopped (same account, new token)', async () => {
    const email = `retoma-${++seq}@exemplo.pt`;
    const s = steps(email);
    const first = registerResponseSchema.parse(
      (await server.client().post('/api/auth/register', s.register)).json,
    );
    // Step 2 "failed" (never reached the server); the page reloaded, the token is gone.
    const before = await organizationCount();
    const res = await server.client().post('/api/auth/register', s.register);
    expect(res.status).toBe(200);
    const resumed = registerResponseSchema.parse(res.json);
    expect(resumed).toMatchObject({ outcome: 'resumed', id: first.id, organizationId: first.organizationId });
    expect(resumed.signupToken).toEqual(expect.any(String));
    expect(await organizationCount()).toBe(before);

    const client = server.client();
    expect(
      (await client.post('/api/organizations', s.organization, withToken(resumed.signupToken))).status,
    ).toBe(201);
    // Step 3 fails once more, then another resume finishes it.
    const again = registerResponseSchema.parse(
      (await server.client().post('/api/auth/register', s.register)).json,
    );
    expect(again.outcome).toBe('resumed');
    const step3 = await client.post(
      '/api/subscriptions/register',
      s.subscription,
      withToken(again.signupToken),
    );
    expect(step3.status).toBe(201);
    expect(await server.knex('users').where('email', email).pluck('id')).toEqual([first.id]);
    const org = await server.knex('organizations').where('id', first.organizationId).first();
    expect(org).toMatchObject({ name: 'Leal Imóveis', status: 'trial' });
    await server.loginAs(email, PASSWORD);

    // Finished (a subscription exists): the email is simply taken now, even with the right password.
    const done = await server.client().post('/api/auth/register', s.register);
    expect(done.status).toBe(409);
    expect(done.json.message).toBe(errorMessages.emailInUse);
  });

  it('a wrong password answers 409 with the email-in-use text and counts as a failed login', async () => {
    const email = `errada-${++seq}@exemplo.pt`;
    const s = steps(email);
    expect((await server.client().post('/api/auth/register', s.register)).status).toBe(201);
    const res = await server
      .client()
      .post('/api/auth/register', { ...s.register, hashedPassword: 'Outra#Senha1' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: errorMessages.emailInUse, code: 'email_in_use' });
    expect(await server.knex('login_failures').where('email', email).pluck('email')).toEqual([email]);
    expect(await server.knex('users').where('email', email).pluck('email')).toEqual([email]);
  });

  it('the register screen (a single step) never resumes: its taken email is a 409', async () => {
    const email = `ecra-${++seq}@exemplo.pt`;
    const payload = { email, password: 'umaSenha123', fullName: 'Rita Ecrã', organizationName: null };
    expect((await server.client().post('/api/auth/register', payload)).status).toBe(201);
    const again = await server.client().post('/api/auth/register', payload);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(errorMessages.emailInUse);
  });

  it('an email of an account the sign-up did not create is taken, whatever the password', async () => {
    const org = await createOrganization(server.knex);
    const member = await createUser(server.knex, { organizationId: org.id, role: 'admin' });
    const res = await server
      .client()
      .post('/api/auth/register', signupPayload(member.email, 'Ana Silva', TEST_PASSWORD));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(errorMessages.emailInUse);
  });
});
