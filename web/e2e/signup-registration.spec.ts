import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  csrfHeaders,
  demo,
  DEMO_PASSWORD,
  expectAccessible,
  loginAs,
  PHONE,
  shot,
  uniqueEmail,
} from './fixtures';

// Public sign-up (landing page's subscribe dialog) with an organization's registration settings, edited by
// the super admin in the UI: a sign-up whose email domain the organization claims joins it with the default
// role and waits for its admin's approval; another domain still creates its own organization. And the
// resume of a sign-up that failed at step 3 after a page reload. Every run uses its own domains and
// organizations (the e2e database is shared by parallel specs).
test.describe.configure({ timeout: 300_000 });

const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'Segura123!';

async function screen(page: Page, name: string) {
  await shot(page, name);
  await expectAccessible(page, name);
}

/** The same state at desktop size, then at phone size (back to desktop afterwards). */
async function screens(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await screen(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screen(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Agency = { organizationName: string; adminName: string; email: string };

/** Opens the hero's subscribe dialog and fills the agency form (the hero preset: org-professional). */
async function fillAgencySignup(page: Page, data: Agency): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Começar Teste Grátis' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Começar Teste Grátis' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nome da organização').fill(data.organizationName);
  await dialog.getByLabel('Nome do administrador').fill(data.adminName);
  await dialog.getByLabel('Email').fill(data.email);
  await dialog.getByLabel('Telefone').fill('912 345 678');
  await dialog.getByRole('combobox', { name: 'Número de agentes' }).click();
  await page.getByRole('option', { name: '1-5 agentes' }).click();
  await dialog
    .getByLabel(/^Palavra-passe/)
    .first()
    .fill(PASSWORD);
  return dialog;
}

/** Paths of the sign-up calls the page makes from now on. */
function signupCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (
      r.method() === 'POST' &&
      ['/api/auth/register', '/api/organizations', '/api/subscriptions/register'].includes(path)
    ) {
      calls.push(path);
    }
  });
  return calls;
}

async function tryLogin(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Palavra-passe/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** An organization and its admin, created by the super admin through the API (the UI part is the settings). */
async function organizationWithAdmin(page: Page, id: string) {
  const orgName = `Agência Domínio ${id}`;
  const created = await page.request.post('/api/saas/organizations', {
    headers: await csrfHeaders(page),
    data: { name: orgName, email: `agencia-${id}@teste.pt`, maxUsers: 10, maxClients: 100 },
  });
  expect(created.status()).toBe(201);
  const org = (await created.json()) as { id: string; name: string };
  const adminEmail = `admin-${id}@teste.pt`;
  const admin = await page.request.post('/api/saas/users', {
    headers: await csrfHeaders(page),
    data: {
      firstName: 'Gestora',
      lastName: 'Domínio',
      email: adminEmail,
      role: 'admin',
      status: 'active',
      organizationId: org.id,
      password: DEMO_PASSWORD,
    },
  });
  expect(admin.status()).toBe(201);
  return { org, orgName, adminEmail };
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

test('registration settings edited by the super admin apply to a new sign-up with that domain', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const id = suffix();
  const domain = `dominio-${id}.pt`;
  await loginAs(page, demo.superAdmin);
  const { org, orgName, adminEmail } = await organizationWithAdmin(page, id);

  // The super admin: enable, require approval, default role Agente, allowed domain.
  // A fresh load: the panel read its lists at login, before this organization existed.
  await page.goto('/#organizations');
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: orgName });
  await row.getByRole('button', { name: `Configurações de Registo de ${orgName}` }).click();
  await expect(page.getByRole('heading', { name: 'Configurações de Registo' })).toBeVisible();
  await page.getByLabel('Registo ativo').check();
  await page.getByLabel('Requer aprovação').check();
  await page.getByRole('combobox', { name: 'Função predefinida' }).click();
  await page.getByRole('option', { name: 'Agente', exact: true }).click();
  await screens(page, 'signup-registration-general');
  await page.getByRole('tab', { name: 'Restrições', exact: true }).click();
  await page.getByLabel('Novo domínio').fill(domain);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByRole('button', { name: domain })).toBeVisible();
  await screens(page, 'signup-registration-restrictions');
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await expect(page.getByText('Configurações guardadas com sucesso!')).toBeVisible();

  // A visitor signs up with that domain: joins the organization, awaiting approval; steps 2 and 3 never run.
  const visitor = await newPage(browser, DESKTOP);
  const email = `ana.${id}@${domain}`;
  const calls = signupCalls(visitor.page);
  const dialog = await fillAgencySignup(visitor.page, {
    organizationName: 'Outra Coisa Imobiliária',
    adminName: 'Ana Domínio',
    email,
  });
  await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
  const joined = dialog.getByTestId('signup-joined');
  await expect(joined).toContainText(`Pedido enviado a ${orgName}`);
  await expect(joined).toContainText('com a função Agente');
  await expect(joined).toContainText('aguarda a aprovação de um administrador');
  await expect(dialog.getByTestId('signup-progress')).toHaveCount(0);
  await screens(visitor.page, 'signup-joined-pending');
  expect(calls).toEqual(['/api/auth/register']);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(visitor.page).toHaveURL(/\/$/);

  // Until approved, login says so (and stays on /login).
  await tryLogin(visitor.page, email);
  await expect(visitor.page.getByRole('alert')).toContainText(
    'A sua conta aguarda a aprovação de um administrador da organização.',
  );
  await expect(visitor.page).toHaveURL(/\/login$/);
  await screens(visitor.page, 'signup-login-pending');

  // The organization's admin sees the user awaiting approval, with role Agente, and activates them.
  const admin = await newPage(browser, DESKTOP);
  await loginAs(admin.page, adminEmail);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Utilizadores' }).click();
  const userRow = admin.page.getByTestId('org-user-row').filter({ hasText: email });
  await expect(userRow).toContainText('Ana Domínio');
  await expect(userRow).toContainText('Agente');
  await expect(userRow).toContainText('Aguarda aprovação');
  await screens(admin.page, 'signup-org-admin-pending');
  await userRow.getByRole('button', { name: 'Ativar Ana Domínio' }).click();
  await expect(userRow).toContainText('Ativo');
  await admin.context.close();

  // Now the user logs in, as an agent of that organization.
  const me = await loginAs(visitor.page, email, PASSWORD);
  expect(me.role).toBe('agent');
  const mine = (await (await visitor.page.request.get('/api/auth/me')).json()) as { organizationId: string };
  expect(mine.organizationId).toBe(org.id);
  await visitor.context.close();

  // Without approval, on a phone: the next sign-up with that domain joins at once and can log in.
  await page.getByRole('tab', { name: 'Geral', exact: true }).click();
  await page.getByLabel('Requer aprovação').uncheck();
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await expect(page.getByText('Configurações guardadas com sucesso!')).toBeVisible();
  const phone = await newPage(browser, PHONE);
  const phoneEmail = `rui.${id}@${domain.toUpperCase()}`;
  const phoneDialog = await fillAgencySignup(phone.page, {
    organizationName: 'Mais Uma Imobiliária',
    adminName: 'Rui Domínio',
    email: phoneEmail,
  });
  await phoneDialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
  const joinedNow = phoneDialog.getByTestId('signup-joined');
  await expect(joinedNow).toContainText(`Entrou na organização ${orgName}`);
  await expect(joinedNow).toContainText('Já pode iniciar sessão');
  await expect(phoneDialog.getByRole('button', { name: 'Iniciar Sessão' })).toBeVisible();
  await screen(phone.page, 'signup-joined-phone');
  // The dialog goes to /login by itself after a few seconds.
  await expect(phone.page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(phone.page.getByText(`Entrou na organização ${orgName}`)).toBeVisible();
  await screen(phone.page, 'signup-joined-login-toast-phone');
  const phoneMe = await loginAs(phone.page, phoneEmail.toLowerCase(), PASSWORD);
  expect(phoneMe.role).toBe('agent');
  await phone.context.close();
});

test('a sign-up with another domain still creates its own organization', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  const id = suffix();
  const claimed = `reclamado-${id}.pt`;
  await loginAs(page, demo.superAdmin);
  const { org } = await organizationWithAdmin(page, id);
  const saved = await page.request.put(`/api/organizations/${org.id}/registration-settings`, {
    headers: await csrfHeaders(page),
    data: { enabled: true, requireApproval: false, allowedDomains: [claimed], defaultRole: 'agent' },
  });
  expect(saved.ok()).toBe(true);

  const visitor = await newPage(browser, DESKTOP);
  const email = `helena.${id}@livre-${id}.pt`;
  const orgName = `Imobiliária Própria ${id}`;
  const calls = signupCalls(visitor.page);
  const dialog = await fillAgencySignup(visitor.page, {
    organizationName: orgName,
    adminName: 'Helena Livre',
    email,
  });
  await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
  await expect(dialog.getByTestId('signup-success')).toContainText('Conta criada com sucesso!');
  expect(calls).toEqual(['/api/auth/register', '/api/organizations', '/api/subscriptions/register']);
  await expect(visitor.page).toHaveURL(/\/login$/, { timeout: 10_000 });
  const me = await loginAs(visitor.page, email, PASSWORD);
  expect(me.role).toBe('admin');
  const own = (await (await visitor.page.request.get('/api/organization')).json()) as Record<string, unknown>;
  expect(own).toMatchObject({ name: orgName, status: 'trial' });
  expect(own.id).not.toBe(org.id);
  await visitor.context.close();
});

for (const size of [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const) {
  test(`${size.name}: a sign-up that failed at step 3 resumes after a page reload`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    const id = suffix();
    const data = {
      organizationName: `Imobiliária Retoma ${id}`,
      adminName: 'Sofia Retoma',
      email: uniqueEmail(`retoma-${size.name}`),
    };
    const registers: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/register') registers.push(r.status());
    });
    let failOnce = true;
    await page.route('**/api/subscriptions/register', async (route) => {
      if (failOnce) {
        failOnce = false;
        await route.abort('failed');
      } else await route.continue();
    });

    const dialog = await fillAgencySignup(page, data);
    await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
    await expect(dialog.getByTestId('signup-error')).toHaveText(
      'Erro ao processar registo: Erro ao criar subscrição',
    );

    // The page is reloaded (the token of step 1 is gone); the same data again finishes that account.
    await page.reload();
    const again = await fillAgencySignup(page, data);
    await again.getByRole('button', { name: 'Começar Teste Grátis' }).click();
    await expect(again.getByTestId('signup-success')).toContainText('Conta criada com sucesso!');
    expect(registers).toEqual([201, 200]);
    await screen(page, `signup-resumed-success-${size.name}`);
    // The dialog goes to /login by itself after a few seconds.
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await loginAs(page, data.email, PASSWORD);
    const org = (await (await page.request.get('/api/organization')).json()) as Record<string, unknown>;
    expect(org).toMatchObject({ name: data.organizationName, status: 'trial', plan: 'professional' });
  });
}
