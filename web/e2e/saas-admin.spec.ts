import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_PASSWORD, expectAccessible, openHome, PHONE, shot } from './fixtures';

// The SaaS admin panel over the real server: packages, organizations, suspension, registration settings.
test.describe.configure({ timeout: 420_000 });

const DESKTOP = { width: 1280, height: 800 };

async function screen(page: Page, name: string, size: 'desktop' | 'phone') {
  await shot(page, `saas-${name}-${size}`, { fullPage: true });
  await expectAccessible(page, name);
}

async function organizationByName(request: APIRequestContext, name: string) {
  const answer = await request.get('/api/saas/organizations');
  expect(answer.ok()).toBe(true);
  const list = (await answer.json()) as { id: string; name: string; maxUsers: number; maxClients: number }[];
  const org = list.find((o) => o.name === name);
  expect(org).toBeDefined();
  return org!;
}

/** The member's login: like fixtures' loginAs, with more patience for the first replica sync on a busy machine. */
async function loginMember(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Palavra-passe/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible({ timeout: 40_000 });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

test('super admin: package, organization, suspension, registration settings, protected organization', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const pkgName = `e2e-pkg-${suffix}`;
  const pkgDisplay = `Pacote E2E ${suffix}`;
  const orgName = `Agência E2E ${suffix}`;
  const domain = `permitido-${suffix}.pt`;

  await openHome(page, 'superAdmin');
  await expect(page.getByText('Receita Mensal Estimada')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organizações Recentes' })).toBeVisible();
  await screen(page, 'overview', 'desktop');

  // Packages: create one with limits 7 / 321.
  await openTab(page, 'Packages');
  await expect(page).toHaveURL(/#packages$/);
  await page.getByRole('button', { name: 'Novo Package' }).click();
  const pkgDialog = page.getByRole('dialog', { name: 'Novo Package' });
  await pkgDialog.getByLabel('Nome (técnico) *').fill(pkgName);
  await pkgDialog.getByLabel('Nome de apresentação *').fill(pkgDisplay);
  await pkgDialog.getByLabel('Descrição').fill('Package criado pelo teste e2e');
  await pkgDialog.getByLabel('Preço mensal *').fill('12.34');
  await pkgDialog.getByLabel('Máx. utilizadores *').fill('7');
  await pkgDialog.getByLabel('Máx. clientes *').fill('321');
  await pkgDialog.getByLabel('Nova funcionalidade').fill('Relatórios avançados');
  await pkgDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(pkgDialog.getByText('Relatórios avançados')).toBeVisible();
  await screen(page, 'package-dialog', 'desktop');
  await pkgDialog.getByRole('button', { name: 'Criar Package' }).click();
  await expect(pkgDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: pkgDisplay })).toBeVisible();
  await screen(page, 'packages', 'desktop');

  // Organizations: create one with that package; its limits are copied into the form.
  await openTab(page, 'Organizações');
  await page.getByRole('button', { name: 'Nova Organização' }).click();
  const orgDialog = page.getByRole('dialog', { name: 'Nova Organização' });
  await orgDialog.getByRole('button', { name: 'Criar Organização' }).click();
  await expect(orgDialog.getByText('Nome e email são obrigatórios')).toBeVisible();
  await orgDialog.getByLabel('Nome *').fill(orgName);
  await orgDialog.getByLabel('Email *').fill(`agencia-${suffix}@teste.pt`);
  await orgDialog.getByRole('combobox', { name: 'Package' }).click();
  await page.getByRole('option', { name: pkgDisplay }).click();
  await expect(orgDialog.getByLabel('Máx. utilizadores')).toHaveValue('7');
  await expect(orgDialog.getByLabel('Máx. clientes')).toHaveValue('321');
  await screen(page, 'organization-dialog', 'desktop');
  await orgDialog.getByRole('button', { name: 'Criar Organização' }).click();
  await expect(orgDialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: orgName });
  await expect(row).toContainText('0 / 7');
  await expect(row).toContainText('0 / 321');
  await expect(row).toContainText(pkgDisplay);
  await screen(page, 'organizations', 'desktop');
  const org = await organizationByName(page.request, orgName);
  expect([org.maxUsers, org.maxClients]).toEqual([7, 321]);

  // A user of that organization, created through the SaaS users endpoint, logged in elsewhere.
  const memberEmail = `membro-${suffix}@teste.pt`;
  const created = await page.request.post('/api/saas/users', {
    headers: await csrfHeaders(page),
    data: {
      firstName: 'Membro',
      lastName: 'E2E',
      email: memberEmail,
      role: 'admin',
      status: 'active',
      organizationId: org.id,
      password: DEMO_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const memberContext = await browser.newContext({ viewport: DESKTOP });
  const member = await memberContext.newPage();
  await loginMember(member, memberEmail);

  // Suspend: the member's next call sends them to /login?suspended=true.
  await row.getByRole('button', { name: `Suspender ${orgName}` }).click();
  await expect(row).toContainText('Suspensa');
  // The app's next call (a sync, here nudged by an 'online' event; else the periodic one) is refused.
  // A reload could race a background call that already destroyed the session.
  // (A background call may already be navigating away: then the nudge has nothing to do.)
  await member.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
  await expect(member).toHaveURL(/\/login\?suspended=true$/, { timeout: 40_000 });

  // Reactivate: the member can log in again.
  await row.getByRole('button', { name: `Ativar ${orgName}` }).click();
  await expect(row).toContainText('Ativa');
  await loginMember(member, memberEmail);

  // Registration settings of the organization.
  await row.getByRole('button', { name: `Configurações de Registo de ${orgName}` }).click();
  await expect(page.getByRole('heading', { name: 'Configurações de Registo' })).toBeVisible();
  await page.getByLabel('Registo ativo').check();
  await screen(page, 'registration-general', 'desktop');
  await openTab(page, 'Restrições');
  await expect(page.getByText('Todos os domínios permitidos')).toBeVisible();
  await page.getByLabel('Novo domínio').fill(domain);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByLabel('Novo domínio').fill(`@${domain.toUpperCase()}`);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByRole('button', { name: domain })).toHaveCount(1);
  await page.getByLabel('Máximo de Agente').fill('2');
  await screen(page, 'registration-restrictions', 'desktop');
  await openTab(page, 'Campos Personalizados');
  await page.getByRole('button', { name: 'Adicionar Campo' }).click();
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await expect(page.getByText('Campo obrigatório')).toBeVisible();
  await page.getByLabel('Nome do campo *').fill('Zona de atuação');
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Seleção', exact: true }).click();
  await page.getByLabel('Nova opção').fill('Lisboa');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByLabel('Máx. caracteres').fill('40');
  await screen(page, 'registration-custom-fields', 'desktop');
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  const saved = page.getByText('Configurações guardadas com sucesso!');
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 5000 });
  const settings = await (
    await page.request.get(`/api/organizations/${org.id}/registration-settings`)
  ).json();
  expect(settings).toMatchObject({
    enabled: true,
    allowedDomains: [domain],
    maxUsersPerRole: { agent: 2 },
    customFields: [
      { label: 'Zona de atuação', type: 'select', options: ['Lisboa'], validation: { maxLength: 40 } },
    ],
  });

  // Applied to new users of that organization: another domain is refused, the allowed one accepted.
  const addUser = async (email: string) =>
    member.request.post('/api/organization/users', {
      headers: await csrfHeaders(member),
      data: { firstName: 'Novo', lastName: 'Agente', email, role: 'agent', password: 'Segura123!' },
    });
  const refused = await addUser(`fora-${suffix}@outro.pt`);
  expect(refused.ok()).toBe(false);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'O domínio deste email não é permitido nesta organização.',
  );
  expect((await addUser(`dentro-${suffix}@${domain}`)).status()).toBe(201);
  await memberContext.close();

  await page.getByRole('button', { name: 'Voltar à Lista' }).click();
  await expect(row).toBeVisible();

  // A protected organization cannot be deleted.
  const protectedRow = page.getByRole('row').filter({ hasText: 'Imobiliária Demo' });
  await protectedRow.getByRole('button', { name: 'Eliminar Imobiliária Demo' }).click();
  await expect(page.getByText('Organização Protegida')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Eliminar organização' })).toHaveCount(0);

  // Overview: the recent organization opens its edit dialog (email disabled).
  await openTab(page, 'Visão Geral');
  await page.getByRole('button', { name: new RegExp(orgName) }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Organização' });
  await expect(edit.getByLabel('Email *')).toBeDisabled();
  await screen(page, 'organization-edit-dialog', 'desktop');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
});

test('super admin panel at phone size: every tab and dialog', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openHome(page, 'superAdmin');
  await expect(page.getByText('Receita Mensal Estimada')).toBeVisible();
  await screen(page, 'overview', 'phone');
  await openTab(page, 'Packages');
  await expect(page.getByRole('button', { name: 'Novo Package' })).toBeVisible();
  await screen(page, 'packages', 'phone');
  await page.getByRole('button', { name: 'Novo Package' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo Package' })).toBeVisible();
  await screen(page, 'package-dialog', 'phone');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await openTab(page, 'Organizações');
  await expect(page.getByText('Imobiliária Demo')).toBeVisible();
  await screen(page, 'organizations', 'phone');
  await page.getByRole('button', { name: 'Nova Organização' }).click();
  await expect(page.getByRole('dialog', { name: 'Nova Organização' })).toBeVisible();
  await screen(page, 'organization-dialog', 'phone');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Configurações de Registo de Outra Imobiliária' }).click();
  await expect(page.getByRole('button', { name: 'Voltar à Lista' })).toBeVisible();
  await screen(page, 'registration-general', 'phone');
  await openTab(page, 'Restrições');
  await screen(page, 'registration-restrictions', 'phone');
  await openTab(page, 'Campos Personalizados');
  await page.getByRole('button', { name: 'Adicionar Campo' }).click();
  await screen(page, 'registration-custom-fields', 'phone');
  await openTab(page, 'Utilizadores');
  await expect(page).toHaveURL(/#users$/);
  await openTab(page, 'Sistema');
  await expect(page).toHaveURL(/#system$/);
});

test('offline the panel says Sem ligação and retries', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page, 'superAdmin');
  await expect(page.getByText('Receita Mensal Estimada')).toBeVisible();
  await page.route('**/api/saas/stats', (route) => route.abort('internetdisconnected'));
  await page.goto('/saas-admin#packages');
  await expect(page.getByText('Sem ligação', { exact: true })).toBeVisible();
  await screen(page, 'offline', 'desktop');
  await page.unroute('**/api/saas/stats');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('button', { name: 'Novo Package' })).toBeVisible();
});
