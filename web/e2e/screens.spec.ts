import { expect, test } from '@playwright/test';
import { demo, loginAs } from './fixtures';

// Screenshots for a human look (saved under test-results/screens, gitignored).
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of widths) {
  test.describe(`screens at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('login, register and home', async ({ page }) => {
      const dir = 'test-results/screens';
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Iniciar Sessão' })).toBeVisible();
      await page.screenshot({ path: `${dir}/login-${size.width}.png`, fullPage: true });

      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Criar Conta' })).toBeVisible();
      await page.screenshot({ path: `${dir}/register-${size.width}.png`, fullPage: true });
      await page.getByLabel('Email').fill('nao-e-um-email');
      await page.getByLabel(/^Palavra-passe/).fill('curta');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.screenshot({ path: `${dir}/register-errors-${size.width}.png`, fullPage: true });

      await loginAs(page, demo.admin);
      await page.screenshot({ path: `${dir}/home-${size.width}.png`, fullPage: true });
      await page.getByRole('button', { name: /Conta de / }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.screenshot({ path: `${dir}/home-menu-${size.width}.png` });
    });
  });
}

test.describe('dark system theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('login and home follow the device theme', async ({ page }) => {
    await page.goto('/login?suspended=true');
    await expect(page.getByTestId('suspended-alert')).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(244, 246, 250)');
    await page.screenshot({ path: 'test-results/screens/login-dark-390.png', fullPage: true });
    await loginAs(page, demo.agent);
    await page.screenshot({ path: 'test-results/screens/home-dark-390.png', fullPage: true });
  });
});
