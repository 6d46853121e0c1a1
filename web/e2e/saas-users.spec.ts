import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, shot, signInAs, submitLogin, uniqueEmail } from './fixtures';

// SaaS admin › Utilizadores and Sistema (docs/product.md#saas-admin) as super@demo.pt over the real server.
test.describe.configure({ timeout: 120_000 });

const DEMO_ORG = 'Imobiliária Demo';

async function openTab(page: Page, name: 'Utilizadores' | 'Sistema') {
  await page.goto(`/saas-admin#${name === 'Utilizadores' ? 'utilizadores' : 'sistema'}`);
  await page.getByRole('tab', { name }).click();
}

/** The row (table) or card (phone) of one user. */
const rowOf = (page: Page, email: string) => page.getByTestId('saas-user-row').filter({ hasText: email });

async function expectToast(page: Page, title: string | RegExp) {
  await expect(page.locator('.MuiSnackbar-root').filter({ hasText: title })).toBeVisible();
}

async function shoot(page: Page, name: string, size: string) {
  await shot(page, `saasusers-${name}-${size}`, { fullPage: true });
  await expectAccessible(page, name);
}

async function fillNewUser(
  page: Page,
  user: { first: string; last: string; email: string; password: string },
) {
  await page.getByRole('button', { name: 'Novo Utilizador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Utilizador' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(user.first);
  await dialog.getByRole('textbox', { name: 'Apelido' }).fill(user.last);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await dialog.getByRole('combobox', { name: 'Organização' }).click();
  await page.getByRole('option', { name: DEMO_ORG }).click();
  await dialog.getByLabel(/^Palavra-passe/).fill(user.password);
  return dialog;
}

test('super admin creates, edits, suspends, reactivates and deletes a user', async ({ page, browser }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = uniqueEmail('saasuser');
  const password = 'Segura123!';
  await signInAs(page, 'superAdmin');
  await openTab(page, 'Utilizadores');

  // Super admins are 'Protegido': no Suspender or Eliminar.
  const superRow = rowOf(page, demo.superAdmin);
  await expect(superRow.getByText('Protegido')).toBeVisible();
  await expect(superRow.getByRole('button', { name: /^(Suspender|Eliminar)/ })).toHaveCount(0);

  // Create: organization required unless super admin, then saved in the demo organization.
  let dialog = await fillNewUser(page, { first: 'Teresa', last: `Marques ${suffix}`, email, password });
  await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
  await expectToast(page, 'Utilizador criado com sucesso!');
  await expect(dialog).toBeHidden();
  const row = rowOf(page, email);
  await expect(row).toContainText(`Teresa Marques ${suffix}`);
  await expect(row).toContainText(DEMO_ORG);
  await expect(row).toContainText('Agente');
  await expect(row).toContainText('Nunca');

  // 409 on the same email.
  dialog = await fillNewUser(page, { first: 'Outra', last: 'Pessoa', email, password });
  await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
  await expectToast(page, 'Este email já está em uso por outro utilizador.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Edit: email disabled, password optional.
  await row.getByRole('button', { name: `Editar Teresa Marques ${suffix}` }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Utilizador' });
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await dialog.getByRole('textbox', { name: 'Apelido' }).fill(`Sousa ${suffix}`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Utilizador atualizado com sucesso!');
  const name = `Teresa Sousa ${suffix}`;
  await expect(row).toContainText(name);

  // The text filter finds them.
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou email' }).fill(`sousa ${suffix}`);
  await expect(page.getByTestId('saas-user-row')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou email' }).fill('');

  // The user is working when the super admin suspends them.
  const other = await submitLogin(browser, email, password);
  await expect(other.page.getByRole('heading', { level: 1, name: /^Olá, Teresa/ })).toBeVisible();
  // Their next API call is refused and they land on the login. The app's own sync may make that call
  // first; reloading while its logout runs would race it, so only reload when it has not.
  let refusals = 0;
  other.page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refusals += 1;
  });
  await row.getByRole('button', { name: `Suspender ${name}` }).click();
  await expectToast(page, 'Utilizador suspenso com sucesso!');
  await expect(row).toContainText('Suspenso');
  const refusedAlready = await expect
    .poll(() => refusals, { timeout: 5000 })
    .toBeGreaterThan(0)
    .then(
      () => true,
      () => false,
    );
  if (!refusedAlready) await other.page.reload();
  await expect.poll(() => refusals).toBeGreaterThan(0);
  await expect(other.page).toHaveURL(/\/login\?suspended=true/);
  await expect(other.page.getByTestId('suspended-alert')).toHaveText(
    'A sua conta foi suspensa. Por favor, contacte o administrador.',
  );
  await other.context.close();
  const retry = await submitLogin(browser, email, password);
  await expect(retry.page.getByTestId('suspended-alert')).toBeVisible();
  await retry.context.close();

  // Ativar: they can log in again.
  await row.getByRole('button', { name: `Ativar ${name}` }).click();
  await expectToast(page, 'Utilizador ativado com sucesso!');
  await expect(row).toContainText('Ativo');
  const back = await submitLogin(browser, email, password);
  await expect(back.page.getByRole('heading', { level: 1, name: /^Olá, Teresa/ })).toBeVisible();
  await back.context.close();

  // Delete needs confirmation; cancelling keeps them.
  await row.getByRole('button', { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar utilizador?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Eliminar ${name}` }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expectToast(page, 'Utilizador eliminado com sucesso!');
  await expect(row).toHaveCount(0);
});

test('a super admin needs no organization; without network the tab says so and retries', async ({ page }) => {
  await signInAs(page, 'superAdmin');
  await page.route('**/api/saas/users', (route) => route.abort('internetdisconnected'));
  await openTab(page, 'Utilizadores');
  await expect(page.getByTestId('no-connection')).toContainText('Sem ligação');
  await page.unroute('**/api/saas/users');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(rowOf(page, demo.superAdmin)).toBeVisible();

  await page.getByRole('button', { name: 'Novo Utilizador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Utilizador' });
  await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
  await expect(dialog.getByText('Selecione a organização')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Função' }).click();
  await page.getByRole('option', { name: 'Super Admin' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Organização' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(
    dialog.getByText('Os super administradores não pertencem a nenhuma organização.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});

test('Sistema: a backup is written and listed, the logs open', async ({ page }) => {
  await signInAs(page, 'superAdmin');
  await openTab(page, 'Sistema');
  await expect(page.getByRole('heading', { name: 'Manutenção' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /manutenção/i })).toBeVisible();
  const made = page.waitForResponse((r) => r.url().endsWith('/api/system/backups') && r.status() === 201);
  await page.getByRole('button', { name: 'Executar Backup' }).click();
  const backup = (await (await made).json()) as { name: string };
  await expectToast(page, 'Backup concluído');
  const link = page.getByRole('link', { name: `Descarregar ${backup.name}` });
  await expect(link).toBeVisible();
  const download = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).length).toBeGreaterThan(1000);

  await page.getByRole('button', { name: 'Ver Logs' }).click();
  const logs = page.getByRole('dialog', { name: 'Logs recentes do servidor' });
  await expect(logs).toBeVisible();
  await logs.getByRole('button', { name: 'Fechar' }).click();
  await expect(logs).toBeHidden();
});

test('screens and axe at desktop and phone size', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'superAdmin');
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openTab(page, 'Utilizadores');
    await expect(rowOf(page, demo.admin)).toBeVisible();
    await shoot(page, 'list', size.name);

    await page.getByRole('button', { name: 'Novo Utilizador' }).click();
    await page
      .getByRole('dialog', { name: 'Novo Utilizador' })
      .getByRole('button', { name: 'Criar Utilizador' })
      .click();
    await expect(page.getByText('Selecione a organização')).toBeVisible();
    await shoot(page, 'new-dialog', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    const admin = rowOf(page, demo.admin);
    await admin.getByRole('button', { name: /^Editar / }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Utilizador' })).toBeVisible();
    await shoot(page, 'edit-dialog', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await admin.getByRole('button', { name: /^Eliminar / }).click();
    await expect(page.getByRole('dialog', { name: 'Eliminar utilizador?' })).toBeVisible();
    await shoot(page, 'delete-confirm', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('tab', { name: 'Sistema' }).click();
    await expect(page.getByRole('button', { name: 'Executar Backup' })).toBeVisible();
    await shoot(page, 'system', size.name);
    await page.getByRole('button', { name: 'Ver Logs' }).click();
    const logs = page.getByRole('dialog', { name: 'Logs recentes do servidor' });
    await expect(logs).toBeVisible();
    await shoot(page, 'logs', size.name);
    await logs.getByRole('button', { name: 'Fechar' }).click();
    await expect(logs).toBeHidden();
  }
});

test('the header search finds users across organizations (390 px), never a missing page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'superAdmin');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração SaaS' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Pesquisar utilizadores' });
  await box.fill(` ${demo.otherOrgAdmin} `);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/saas-admin\?q=admin%40outra\.pt#users$/);
  await expect(page.getByText('Página não encontrada')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Utilizadores', selected: true })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Pesquisar por nome ou email' })).toHaveValue(
    demo.otherOrgAdmin,
  );
  await expect(rowOf(page, demo.otherOrgAdmin)).toBeVisible();
  await expect(rowOf(page, demo.superAdmin)).toHaveCount(0);
  await shoot(page, 'header-search', 'phone');

  // A second search from there replaces the filter.
  await box.fill(demo.agent);
  await box.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Pesquisar por nome ou email' })).toHaveValue(demo.agent);
  await expect(rowOf(page, demo.agent)).toBeVisible();
  await expect(rowOf(page, demo.otherOrgAdmin)).toHaveCount(0);
});
