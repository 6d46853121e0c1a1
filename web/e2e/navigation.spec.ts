import { expect, test } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '@casa/shared-schema/values';

const LANDING_TITLE = 'O CRM para agentes imobiliários que funciona mesmo sem internet';

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/isto-nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
});

test('the public home links to login, and login to register', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Casa CRM — CRM para agentes imobiliários');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await page.getByRole('link', { name: 'Iniciar Sessão' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('link', { name: 'Iniciar sessão' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('while the session loads a full-screen spinner says so', async ({ page, baseURL }) => {
  // The server's signed-in hint (a visitor's browser has none, and is asked nothing: the landing at once).
  await page.context().addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The early first pull is held too: its 401 would clear the hint before the session check is asked.
  for (const path of ['**/api/auth/me', '**/api/sync/pull?*']) {
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto('/');
  await expect(page.getByText('Carregando Casa CRM...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
  // The session check's 401 cleared the hint.
  expect((await page.context().cookies()).some((c) => c.name === SIGNED_IN_HINT_COOKIE)).toBe(false);
});

test('a visitor gets the landing page at once: no session check, no first pull', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/me' || pathname === '/api/sync/pull') asked.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
  expect(asked).toEqual([]);
});
