import { expect, test, type Page } from '@playwright/test';
import {
  csrfHeaders,
  expectAccessible,
  loginAsNewUser,
  PHONE,
  shot as screenshot,
  signInAs,
  submitLogin,
  uniqueEmail,
} from './fixtures';

// The organization admin (/admin) over the real server. Each test registers a fresh account, the admin of
// a new organization (package limit 5 users), so the counts are exact while other specs run.
// The machine runs several suites at once: generous time, and one account per test.
test.describe.configure({ timeout: 300_000 });

const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'Segura123!';

const shot = (page: Page, name: string, size: 'desktop' | 'phone') =>
  screenshot(page, `orgadmin-${name}-${size}`, { fullPage: true });

/** Adds a user straight through the API as the signed-in admin; returns the server's answer. */
async function addUserViaApi(page: Page, firstName: string) {
  return page.request.post('/api/organization/users', {
    data: { firstName, lastName: 'API', email: uniqueEmail('orgadmin-api'), password: PASSWORD },
    headers: await csrfHeaders(page),
  });
}

async function openAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
  await expect(page.getByTestId('organization-header')).toBeVisible();
}

async function usersTab(page: Page) {
  await page.getByRole('tab', { name: 'Utilizadores' }).click();
  await expect(page.getByTestId('user-limit')).toBeVisible();
}

test.describe('organization admin, desktop', () => {
  test.use({ viewport: DESKTOP });

  test('adds, edits, suspends, reactivates and removes a user', async ({ page, browser }) => {
    await loginAsNewUser(page, 'orgadmin');
    await openAdmin(page);

    // Overview: the organization and its real figures.
    const header = page.getByTestId('organization-header');
    await expect(header).toContainText('Teste Novo - Organização');
    await expect(header).toContainText('Máximo de utilizadores');
    await expect(header).toContainText('Criada em');
    await expect(page.getByTestId('stat-users-value')).toHaveText('1');
    await expect(page.getByTestId('stat-users')).toContainText('de 5');
    await expect(page.getByTestId('stat-clients-value')).toHaveText('0');
    await expect(page.getByTestId('stat-clients')).toContainText('de 500');
    await expect(page.getByTestId('stat-active-users-value')).toHaveText('1');
    await expect(page.getByTestId('stat-storage-value')).toHaveText(/^\d+,\d MB$/);
    await shot(page, 'overview', 'desktop');
    await expectAccessible(page, 'overview');

    // Users: only the admin; they cannot suspend or remove themselves.
    await usersTab(page);
    await expect(page.getByTestId('user-limit')).toHaveText('1 de 5 utilizadores');
    const rows = page.getByTestId('org-user-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Administrador');
    await expect(rows.first()).toContainText('Hoje');
    await expect(rows.first().getByRole('button', { name: /^Suspender/ })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: /^Remover/ })).toHaveCount(0);
    await shot(page, 'users', 'desktop');
    await expectAccessible(page, 'users');

    // Add.
    const suffix = Math.random().toString(36).slice(2, 7);
    const first = `Marta${suffix}`;
    const email = uniqueEmail('orgadmin-user');
    await page.getByRole('button', { name: 'Adicionar Utilizador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Utilizador' });
    await expect(dialog.getByLabel('Função')).toHaveText('Agente');
    await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
    await expect(dialog.getByText('A palavra-passe deve ter pelo menos 8 caracteres')).toBeVisible();
    await shot(page, 'dialog-add', 'desktop');
    await expectAccessible(page, 'dialog-add');
    await dialog.getByLabel('Nome *').fill(first);
    await dialog.getByLabel('Apelido').fill('Sousa');
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Telefone').fill('912345678');
    await dialog.getByLabel(/^Palavra-passe/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
    await expect(page.getByText('Utilizador criado com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-limit')).toHaveText('2 de 5 utilizadores');
    const row = rows.filter({ hasText: email });
    await expect(row).toContainText(`${first} Sousa`);
    await expect(row).toContainText('Agente');
    await expect(row).toContainText('Ativo');
    await expect(row).toContainText('Nunca');

    // Edit: the email is locked and there is no password.
    await row.getByRole('button', { name: `Editar ${first} Sousa` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Utilizador' });
    await expect(edit.getByLabel('Email')).toBeDisabled();
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    await expect(edit.getByLabel(/^Palavra-passe/)).toHaveCount(0);
    await shot(page, 'dialog-edit', 'desktop');
    await expectAccessible(page, 'dialog-edit');
    await edit.getByLabel('Apelido').fill('Costa');
    await edit.getByLabel('Função').click();
    await page.getByRole('option', { name: 'Visualizador' }).click();
    await edit.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expect(page.getByText('Utilizador atualizado com sucesso!')).toBeVisible();
    const edited = rows.filter({ hasText: email });
    await expect(edited).toContainText(`${first} Costa`);
    await expect(edited).toContainText('Visualizador');

    // Suspend: the user's next login is refused.
    await edited.getByRole('button', { name: `Suspender ${first} Costa` }).click();
    await expect(page.getByText('Utilizador suspenso com sucesso!')).toBeVisible();
    await expect(edited).toContainText('Suspenso');
    const refused = await submitLogin(browser, email, PASSWORD);
    await expect(refused.page).toHaveURL(/\/login\?suspended=true$/);
    await expect(refused.page.getByTestId('suspended-alert')).toBeVisible();
    await refused.close();

    // Reactivate: the user gets in again.
    await edited.getByRole('button', { name: `Ativar ${first} Costa` }).click();
    await expect(page.getByText('Utilizador ativado com sucesso!')).toBeVisible();
    await expect(edited).toContainText('Ativo');
    const back = await submitLogin(browser, email, PASSWORD);
    await expect(back.page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await back.close();
    await page.reload();
    await usersTab(page);
    await expect(rows.filter({ hasText: email })).toContainText('Hoje');

    // Remove, after a confirmation.
    await rows
      .filter({ hasText: email })
      .getByRole('button', { name: `Remover ${first} Costa` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remover utilizador' });
    await expect(confirm).toContainText(`${first} Costa`);
    await shot(page, 'dialog-remove', 'desktop');
    await expectAccessible(page, 'dialog-remove');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(rows).toHaveCount(2);
    await rows
      .filter({ hasText: email })
      .getByRole('button', { name: `Remover ${first} Costa` })
      .click();
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Utilizador removido com sucesso!')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('user-limit')).toHaveText('1 de 5 utilizadores');
  });

  test('the package user limit is shown and enforced', async ({ page }) => {
    await loginAsNewUser(page, 'orgadmin-limit');
    const suffix = Math.random().toString(36).slice(2, 7);
    const dialog = page.getByRole('dialog', { name: 'Adicionar Utilizador' });
    // 3 more through the API, a 5th opened in the dialog while another admin session takes the last
    // seat: the server's refusal is shown.
    for (const n of [1, 2, 3]) expect((await addUserViaApi(page, `Extra${n}${suffix}`)).status()).toBe(201);
    await openAdmin(page);
    await usersTab(page);
    await expect(page.getByTestId('user-limit')).toHaveText('4 de 5 utilizadores');
    await page.getByRole('button', { name: 'Adicionar Utilizador' }).click();
    await dialog.getByLabel('Nome *').fill(`Tarde${suffix}`);
    await dialog.getByLabel('Email *').fill(uniqueEmail('orgadmin-late'));
    await dialog.getByLabel(/^Palavra-passe/).fill(PASSWORD);
    expect((await addUserViaApi(page, `Ultimo${suffix}`)).status()).toBe(201);
    await dialog.getByRole('button', { name: 'Criar Utilizador' }).click();
    // The open dialog hides the rest of the page (the toast too) from assistive technology.
    const refusal = page
      .getByRole('alert', { includeHidden: true })
      .filter({ hasText: 'Erro ao criar utilizador' });
    await expect(refusal).toContainText('Limite de utilizadores do plano atingido.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('user-limit')).toHaveText('5 de 5 utilizadores');
    await expect(page.getByRole('button', { name: 'Adicionar Utilizador' })).toBeDisabled();
    await expect(page.getByTestId('user-limit-reached')).toBeVisible();
    await shot(page, 'users-limit', 'desktop');
    const over = await addUserViaApi(page, `Demais${suffix}`);
    expect(over.status()).toBeGreaterThanOrEqual(400);

    await page.getByRole('tab', { name: 'Visão Geral' }).click();
    await expect(page.getByTestId('stat-users-value')).toHaveText('5');
  });

  test('offline: a clear Sem ligação state with a retry', async ({ page, context }) => {
    await loginAsNewUser(page, 'orgadmin-off');
    await page.route('**/api/organization**', (route) => route.abort('internetdisconnected'));
    await page.goto('/admin');
    const offline = page.getByTestId('org-admin-offline');
    await expect(offline).toContainText('Sem ligação');
    await shot(page, 'offline', 'desktop');
    await expectAccessible(page, 'offline');
    await page.unroute('**/api/organization**');
    await offline.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByTestId('stat-users-value')).toHaveText('1');

    await context.setOffline(true);
    await expect(offline).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('stat-users-value')).toHaveText('1');
  });

  test('an agent visiting /admin sees the no-permission card', async ({ page }) => {
    await signInAs(page, 'agent');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
    await expect(page.getByTestId('org-admin-no-permission')).toContainText(
      'Apenas administradores podem gerir a organização',
    );
    await expect(page.getByRole('tab')).toHaveCount(0);
    await shot(page, 'no-permission', 'desktop');
    await expectAccessible(page, 'no-permission');
  });
});

test.describe('organization admin, phone', () => {
  test.use({ viewport: PHONE });

  test('both tabs and the dialogs stay usable on a phone', async ({ page }) => {
    await loginAsNewUser(page, 'orgadmin-phone');
    expect((await addUserViaApi(page, 'Telemovel')).status()).toBe(201);
    await openAdmin(page);
    await expect(page.getByTestId('stat-users-value')).toHaveText('2');
    await shot(page, 'overview', 'phone');
    await expectAccessible(page, 'overview-phone');

    await usersTab(page);
    await expect(page.getByTestId('user-limit')).toHaveText('2 de 5 utilizadores');
    const cards = page.getByTestId('org-user-row');
    await expect(cards).toHaveCount(2);
    const card = cards.filter({ hasText: 'Telemovel API' });
    await expect(card).toContainText('Agente');
    await expect(card).toContainText('Nunca');
    // No sideways scrolling: the page is as wide as the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'users', 'phone');
    await expectAccessible(page, 'users-phone');

    await page.getByRole('button', { name: 'Adicionar Utilizador' }).click();
    await expect(page.getByRole('dialog', { name: 'Adicionar Utilizador' })).toBeVisible();
    await shot(page, 'dialog-add', 'phone');
    await expectAccessible(page, 'dialog-add-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await card.getByRole('button', { name: 'Editar Telemovel API' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Utilizador' })).toBeVisible();
    await shot(page, 'dialog-edit', 'phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await card.getByRole('button', { name: 'Remover Telemovel API' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover utilizador' });
    await shot(page, 'dialog-remove', 'phone');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Utilizador removido com sucesso!')).toBeVisible();
    await expect(cards).toHaveCount(1);
  });

  test('the no-permission card on a phone', async ({ page }) => {
    await signInAs(page, 'viewer');
    await page.goto('/admin');
    await expect(page.getByTestId('org-admin-no-permission')).toBeVisible();
    await shot(page, 'no-permission', 'phone');
  });
});
