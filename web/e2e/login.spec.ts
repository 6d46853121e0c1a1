import { expect, test } from '@playwright/test';
import { demo, loginAs, registerViaApi, uniqueEmail } from './fixtures';

test.describe('login', () => {
  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    // A fresh account, so failed attempts never throttle the demo logins other tests use.
    const email = uniqueEmail('wrong');
    await page.goto('/login');
    await registerViaApi(page, email, 'Certa1234!');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Palavra-passe/).fill('palavra-errada');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Entrar' }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(0);
    await expect(page.getByRole('alert')).toHaveText(body.message);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields show the required-fields message without calling the server', async ({ page }) => {
    let called = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) called = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Por favor, preencha todos os campos');
    expect(called).toBe(false);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel(/^Palavra-passe/);
    await password.fill('segredo');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar palavra-passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar palavra-passe' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('an agent lands on the home with their name and role, and logout returns to /login', async ({
    page,
  }) => {
    const me = await loginAs(page, demo.agent);
    expect(me.firstName).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${me.firstName}!`);
    await expect(page.getByTestId('role-label')).toHaveText('Agente');

    await page.getByRole('button', { name: /Conta de / }).click();
    await expect(page.getByRole('menuitem', { name: 'Configurações' })).toBeVisible();
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('menuitem', { name: 'Terminar Sessão' }).click();
    expect((await logout).ok()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar Sessão' })).toBeVisible();

    // The session is really gone: '/' is the public page again.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Iniciar Sessão' })).toBeVisible();
  });

  test('the organization admin sees her name and the Admin role', async ({ page }) => {
    await loginAs(page, demo.admin);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Ana!');
    await expect(page.getByTestId('role-label')).toHaveText('Admin');
  });

  test('a signed-in user opening /login is sent home', async ({ page }) => {
    await loginAs(page, demo.viewer);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('role-label')).toHaveText('Visualizador');
  });

  test('?suspended=true shows the suspension message', async ({ page }) => {
    await page.goto('/login?suspended=true');
    await expect(page.getByTestId('suspended-alert')).toHaveText(
      'A sua conta foi suspensa. Por favor, contacte o administrador.',
    );
    await page.goto('/login');
    await expect(page.getByTestId('suspended-alert')).toHaveCount(0);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('login works and nothing overflows sideways', async ({ page }) => {
    await page.goto('/login');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const me = await loginAs(page, demo.agent);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${me.firstName}!`);
    const homeOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(homeOverflow).toBeLessThanOrEqual(0);
  });
});
