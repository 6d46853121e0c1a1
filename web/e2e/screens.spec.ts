import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs, shot } from './fixtures';

// Screenshots for a human look (saved under test-results/screens, gitignored).
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** The screen as it is, at both sizes; back at desktop size afterwards. */
async function bothSizes(page: Page, name: string, fullPage = true) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await shot(page, `${name}-${size.width}`, { fullPage });
  }
  await page.setViewportSize(widths[0]!);
}

test('login, register and home at both sizes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(widths[0]!);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sessão' })).toBeVisible();
  await bothSizes(page, 'login');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Criar Conta' })).toBeVisible();
  await bothSizes(page, 'register');
  await page.getByLabel('Email').fill('nao-e-um-email');
  await page.getByLabel(/^Palavra-passe/).fill('curta');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await bothSizes(page, 'register-errors');

  await loginAs(page, demo.admin);
  await bothSizes(page, 'home');
  await page.getByRole('button', { name: /Conta de / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await bothSizes(page, 'home-menu', false);
});

test.describe('dark system theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('login and home follow the device theme', async ({ page }) => {
    await page.goto('/login?suspended=true');
    await expect(page.getByTestId('suspended-alert')).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(244, 246, 250)');
    await shot(page, 'login-dark-390', { fullPage: true });
    await loginAs(page, demo.agent);
    await shot(page, 'home-dark-390', { fullPage: true });
  });
});
