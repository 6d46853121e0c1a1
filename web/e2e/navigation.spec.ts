import { expect, test } from '@playwright/test';

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/isto-nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Casa CRM' })).toBeVisible();
});

test('the public home links to login and register', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Casa CRM');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await page.getByRole('link', { name: 'Criar Conta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('link', { name: 'Iniciar sessão' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('while the session loads a full-screen spinner says so', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Carregando Casa CRM...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Casa CRM' })).toBeVisible();
});
