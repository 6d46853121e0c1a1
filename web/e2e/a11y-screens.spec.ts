import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shot, signInAs } from './fixtures';

// Every screen of the shell at desktop and phone size: an axe scan (no serious or critical violation)
// and a screenshot under test-results/screens for a human look. One signed-in page goes through both sizes.
test.describe.configure({ timeout: 150_000 });

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function check(page: Page, name: string, width: number) {
  await shot(page, `${name}-${width}`, { fullPage: true });
  await expectAccessible(page, name);
}

test('logged-out screens', async ({ page }) => {
  // Each screen is loaded once and checked at both sizes.
  const screens = [
    ['/', 'landing', page.locator('#landing-title')],
    ['/login?suspended=true', 'login-suspended', page.getByTestId('suspended-alert')],
    ['/nada-aqui', 'not-found', page.getByRole('heading', { name: 'Página não encontrada' })],
  ] as const;
  for (const [path, name, ready] of screens) {
    await page.setViewportSize(sizes[0]!);
    await page.goto(path);
    await expect(ready).toBeVisible();
    for (const size of sizes) {
      await page.setViewportSize(size);
      await check(page, name, size.width);
    }
  }
});

test('agent: home, menus, bell, placeholders', async ({ page }) => {
  await signInAs(page, 'agent');
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await check(page, 'shell-home', size.width);
    if (size.width < 768) {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      await check(page, 'shell-drawer', size.width);
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('notification-bell').click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await check(page, 'shell-bell', size.width);
    await page.keyboard.press('Escape');
    await page.getByTestId('sync-indicator').click();
    await expect(page.getByRole('dialog', { name: 'Sincronização' })).toBeVisible();
    await check(page, 'shell-sync', size.width);
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    await expect(page.getByTestId('unread-count')).toBeVisible();
    await expect(page.getByTestId('notification-row').first()).toBeVisible();
    await check(page, 'notifications', size.width);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await check(page, 'shell-clients-later', size.width);
    await page.goto('/nada-aqui');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await check(page, 'shell-not-found', size.width);
  }
});

test('agent: settings tabs and profile tabs', async ({ page }) => {
  await signInAs(page, 'agent');
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/settings');
    await expect(page.getByTestId('settings-role')).toBeVisible();
    await check(page, 'settings-perfil', size.width);
    for (const [tab, name] of [
      ['Notificações', 'settings-notificacoes'],
      ['Segurança', 'settings-seguranca'],
      ['Aparência', 'settings-aparencia'],
      ['Avançado', 'settings-avancado'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      if (tab === 'Segurança') await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Abcdefg1');
      await check(page, name, size.width);
    }
    await page.goto('/perfil');
    await expect(page.getByTestId('profile-avatar')).toBeVisible();
    await check(page, 'profile-perfil', size.width);
    for (const [tab, name] of [
      ['Segurança', 'profile-seguranca'],
      ['Aparência', 'profile-aparencia'],
      ['Avançado', 'profile-avancado'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await check(page, name, size.width);
    }
  }
});

test('super admin home', async ({ page }) => {
  await signInAs(page, 'superAdmin');
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Administração SaaS' })).toBeVisible();
    await check(page, 'super-home', size.width);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações do Sistema' })).toBeVisible();
    await expect(page.getByTestId('system-total-records')).toBeVisible();
    await check(page, 'super-settings', size.width);
    for (const [tab, name, ready] of [
      ['Segurança', 'super-settings-seguranca', 'Tentativas máximas de login'],
      ['Notificações', 'super-settings-notificacoes', 'Email do administrador'],
      ['Manutenção', 'super-settings-manutencao', 'Mensagem de manutenção'],
      ['Perfil Admin', 'super-settings-perfil', 'Nome'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByLabel(ready, { exact: true })).toBeVisible();
      await check(page, name, size.width);
    }
  }
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });

  test('shell and settings pass in dark mode too', async ({ page }) => {
    await signInAs(page, 'viewer');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await check(page, 'dark-shell-home', 1280);
    await page.goto('/settings');
    await expect(page.getByTestId('settings-role')).toBeVisible();
    await check(page, 'dark-settings', 1280);
  });
});
