import { expect, test, type Page } from '@playwright/test';
import type { UserSettings } from '@casa/shared-schema';
import { api, demo, expectAccessible, loginAs, loginAsNewUser, shot, signInAs } from './fixtures';

// Long journeys (a fresh account, several saves) on a machine shared with other builds.
test.describe.configure({ timeout: 60_000 });

const TABS = ['Perfil', 'Notificações', 'Segurança', 'Aparência', 'Avançado'];

/** The args of the next `name` write the device sends up (settings are written through the replica). */
async function queuedWrite(page: Page, name: string): Promise<unknown> {
  const push = await page.waitForRequest(
    (r) => r.url().endsWith('/api/sync/push') && r.postData()?.includes(`"${name}"`) === true,
  );
  const body = push.postDataJSON() as { mutations: Array<{ name: string; args: unknown }> };
  return body.mutations.find((m) => m.name === name)?.args;
}

test.describe('settings (/settings)', () => {
  test('an agent sees five tabs, the sign-out card and no organization management', async ({ page }) => {
    await signInAs(page, 'agent');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS);
    await expect(page.getByTestId('settings-role')).toHaveText('Agente');
    await expect(page.getByText('Apenas administradores podem gerir a organização')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('heading', { name: 'Terminar Sessão' })).toBeVisible();
  });

  test('an admin gets Gerir Organização, leading to /admin', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/settings');
    await expect(page.getByTestId('settings-role')).toHaveText('Administrador');
    await page.getByRole('link', { name: 'Gerir Organização' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('personal data and notification preferences are saved', async ({ page }) => {
    await loginAsNewUser(page, 'settings');
    await page.goto('/settings');
    await page.getByLabel('Apelido').fill('Gravado');
    const save = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    expect((await save).ok()).toBe(true);
    await expect(page.getByText('Perfil atualizado com sucesso')).toBeVisible();

    await page.getByRole('tab', { name: 'Notificações' }).click();
    const birthdays = page.getByRole('switch', { name: 'Aniversários' });
    await expect(birthdays).toBeChecked();
    // Written on the device's replica and sent by the sync push, like every offline write: the whole object.
    const sent = queuedWrite(page, 'updateNotificationPreferences');
    await birthdays.click();
    expect(await sent).toMatchObject({ birthdays: false, follow_ups: true, notification_time: '09:00' });
    await page.reload();
    await page.getByRole('tab', { name: 'Notificações' }).click();
    await expect(page.getByRole('switch', { name: 'Aniversários' })).not.toBeChecked();
  });

  test('Notificações: push on this device is asked for from a button; granted, it says so', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'viewer');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notificações' }).click();
    // Chromium's default permission is 'default': the button asks (a user gesture), nothing asks by itself.
    await expect(page.getByRole('button', { name: 'Ativar notificações neste dispositivo' })).toBeVisible();
    await context.grantPermissions(['notifications']);
    await page.reload();
    await page.getByRole('tab', { name: 'Notificações' }).click();
    await expect(page.getByTestId('push-device-state')).toHaveText('Notificações ativas neste dispositivo');
    await expect(page.getByRole('button', { name: 'Ativar notificações neste dispositivo' })).toHaveCount(0);
  });

  test('Segurança: strength meter, rules, then the password change sends to /login', async ({ page }) => {
    const { email } = await loginAsNewUser(page, 'password');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const submit = page.getByRole('button', { name: 'Alterar palavra-passe' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Palavra-passe atual').fill('Segura123!');
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('abc');
    await expect(page.getByTestId('password-strength')).toContainText('Muito Fraca');
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Abcdefghij1!');
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', '6');
    await expect(page.getByTestId('password-strength')).toContainText('Muito Forte');

    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('semmaiusculas1');
    await page.getByLabel('Confirmar nova palavra-passe').fill('semmaiusculas1');
    await submit.click();
    await expect(page.getByText('A nova senha deve conter pelo menos uma letra maiúscula.')).toBeVisible();

    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('NovaSenha123');
    await page.getByLabel('Confirmar nova palavra-passe').fill('NovaSenha124');
    await submit.click();
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible();

    await page.getByLabel('Confirmar nova palavra-passe').fill('NovaSenha123');
    await submit.click();
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
    await loginAs(page, email, 'NovaSenha123');
  });

  test('Aparência: the saved theme reloads the page in that theme', async ({ page }) => {
    await loginAsNewUser(page, 'appearance');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Aparência' }).click();
    await page.getByRole('radio', { name: 'Escuro' }).check();
    const reload = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Guardar Configurações' }).click();
    await reload;
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the sign-out card ends the session (POST /api/auth/logout)', async ({ page }) => {
    // A session of its own (not signInAs's shared one): this test ends it.
    await loginAs(page, demo.viewer);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Terminar Sessão' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});

test.describe('profile (/perfil)', () => {
  test('offline, Configurações › Perfil and /perfil edit the name and phone through the replica (390 px)', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'agent');
    await page.goto('/settings');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(demo.agent);
    // Both screens' code is loaded while online (the tests run without the service worker's cache).
    await page.getByRole('link', { name: 'Ver perfil completo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await page.goBack();
    await expect(email).toHaveValue(demo.agent);

    await context.setOffline(true);
    await page.getByRole('tab', { name: 'Aparência' }).click();
    await page.getByRole('tab', { name: 'Perfil' }).click();
    await expect(page.getByTestId('profile-offline')).toContainText('Sem ligação');
    await expect(email).toHaveValue(demo.agent);
    await expect(page.getByText('Erro ao carregar perfil')).toHaveCount(0);
    // Editable offline: the replica carries the phone and bio, so nothing is blanked (docs/decisions.md).
    const phone = `91${String(Date.now()).slice(-7)}`;
    await page.getByRole('textbox', { name: 'Telefone' }).fill(phone);
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expect(page.getByText('Perfil atualizado com sucesso')).toBeVisible();
    await shot(page, 'settings-profile-offline-phone');
    await expectAccessible(page, 'settings profile offline');

    await page.getByRole('link', { name: 'Ver perfil completo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await expect(page.getByTestId('profile-offline')).toContainText('Sem ligação');
    await expect(page.getByLabel(/^Email/)).toHaveValue(demo.agent);
    await expect(page.getByLabel(/^Telefone/)).toHaveValue(phone);
    await expect(page.getByText('alterar o email requer ligação')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar Alterações' })).toBeEnabled();
    await shot(page, 'profile-offline-phone');
    await expectAccessible(page, 'profile offline');

    // Back online, the queued change reaches the server, and the server's profile replaces the cached one.
    await context.setOffline(false);
    await expect(page.getByTestId('profile-offline')).toHaveCount(0);
    await expect
      .poll(async () => ((await (await page.request.get('/api/profile')).json()) as { phone: string }).phone)
      .toBe(phone);
    await expect(page.getByRole('button', { name: 'Guardar Alterações' })).toBeEnabled();
  });

  test('four tabs, initials avatar, validation and save', async ({ page }) => {
    await loginAsNewUser(page, 'profile');
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Perfil', 'Segurança', 'Aparência', 'Avançado']);
    await expect(page.getByTestId('profile-avatar')).toHaveText('TN');
    await expect(page.getByText('Formatos aceitos: JPG, PNG. Tamanho máximo: 5MB.')).toBeVisible();

    await page.getByLabel('Nome', { exact: false }).first().fill('');
    await page.getByLabel(/^Email/).fill('nao-e-email');
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expect(page.getByText('Nome é obrigatório')).toBeVisible();
    await expect(page.getByText('Email inválido')).toBeVisible();

    await page.getByLabel('Nome', { exact: false }).first().fill('Zélia');
    await page.getByLabel(/^Email/).fill(`zelia-${Date.now()}@teste.pt`);
    await page.getByLabel('Biografia').fill('Agente no Porto.');
    // A new login email asks for the current password (issue 17).
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expect(page.getByText('Indique a palavra-passe atual para alterar o email')).toBeVisible();
    await shot(page, 'profile-email-password');
    await page.getByLabel(/^Palavra-passe atual/).fill('Segura123!');
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expect(page.getByText('Perfil atualizado com sucesso')).toBeVisible();
    await expect(page.getByTestId('profile-avatar')).toHaveText('ZN');
  });

  test('photo: a PNG uploads and can be removed; a file over 5 MB is ignored', async ({ page }) => {
    await loginAsNewUser(page, 'photo');
    await page.goto('/perfil');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/profile/photo') && r.method() === 'POST') uploads++;
    });
    await page.getByTestId('photo-input').setInputFiles({
      name: 'grande.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByTestId('photo-input').setInputFiles('public/icons/icon-192.png');
    await expect(page.getByText('Foto atualizada com sucesso')).toBeVisible();
    expect(uploads).toBe(1);
    await expect(page.getByTestId('profile-avatar').locator('img')).toBeVisible();
    await page.getByRole('button', { name: 'Remover foto' }).click();
    await expect(page.getByText('Foto removida com sucesso')).toBeVisible();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveCount(0);
  });

  test('password form: the four messages, then success clears it', async ({ page }) => {
    await loginAsNewUser(page, 'profpw');
    await page.goto('/perfil');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    await expect(page.getByText('Senha atual é obrigatória')).toBeVisible();
    await expect(page.getByText('A palavra-passe deve ter pelo menos 8 caracteres')).toBeVisible();
    await expect(page.getByText('Confirme a nova senha')).toBeVisible();
    await page.getByLabel('Palavra-passe atual').fill('Segura123!');
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Outra#2026x');
    await page.getByLabel('Confirmar nova palavra-passe').fill('Outra#2026y');
    await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    await expect(page.getByText('As senhas não coincidem')).toBeVisible();
    await page.getByLabel('Confirmar nova palavra-passe').fill('Outra#2026x');
    await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();
    await expect(page.getByLabel('Palavra-passe atual')).toHaveValue('');
  });

  test('Aparência and Avançado', async ({ page }) => {
    await loginAsNewUser(page, 'profadv');
    await page.goto('/perfil');
    await page.getByRole('tab', { name: 'Aparência' }).click();
    const saved = queuedWrite(page, 'updateSettings');
    await page.getByRole('radio', { name: 'Escuro' }).check();
    expect(await saved).toEqual({ appearance: { theme: 'dark' } });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('tab', { name: 'Avançado' }).click();
    await expect(page.getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Eliminar Conta' })).toBeDisabled();
  });
});

test('the header theme toggle persists in the user settings', async ({ page }) => {
  await loginAsNewUser(page, 'theme');
  await page.getByRole('button', { name: 'Tema: Sistema' }).click();
  const saved = queuedWrite(page, 'updateSettings');
  await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
  expect(await saved).toEqual({ appearance: { theme: 'dark' } });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect
    .poll(async () => (await api<UserSettings>(page, 'get', '/api/user/settings')).appearance.theme)
    .toBe('dark');
  // A new device (no local copy) gets the theme from the server.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tema: Escuro' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
});
