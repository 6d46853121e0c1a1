import { expect, test } from '@playwright/test';
import { loginAs, registerViaApi, uniqueEmail } from './fixtures';

test.describe('register', () => {
  test('a new account can register and then log in', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Rita Teste Sousa');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Nome da organização (opcional)').fill('Imobiliária Teste');
    await page.getByLabel(/^Palavra-passe/).fill('Segura123!');
    await page.getByLabel('Confirmar palavra-passe').fill('Segura123!');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Criar conta' }).click();
    expect((await answer).ok()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Conta criada com sucesso! Já pode iniciar sessão.')).toBeVisible();

    const me = await loginAs(page, email, 'Segura123!');
    expect(me.email).toBe(email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Rita!');
  });

  test('required fields, mismatch and minimum length are checked before sending', async ({ page }) => {
    let called = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) called = true;
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('alert')).toHaveText('Por favor, preencha todos os campos obrigatórios');

    await page.getByLabel('Nome completo').fill('Rui Teste');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel(/^Palavra-passe/).fill('curta');
    await page.getByLabel('Confirmar palavra-passe').fill('outra');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('A palavra-passe deve ter pelo menos 8 caracteres')).toBeVisible();

    await page.getByLabel(/^Palavra-passe/).fill('compridaOK1');
    await page.getByLabel('Confirmar palavra-passe').fill('compridaOK2');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('As palavras-passe não coincidem')).toBeVisible();
    expect(called).toBe(false);
  });

  test('an email already in use shows the server message', async ({ page }) => {
    const email = uniqueEmail('dup');
    await page.goto('/register');
    await registerViaApi(page, email, 'Segura123!', 'Primeiro Registo');

    await page.getByLabel('Nome completo').fill('Duplicado Teste');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Palavra-passe/).fill('Segura123!');
    await page.getByLabel('Confirmar palavra-passe').fill('Segura123!');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Criar conta' }).click();
    expect((await answer).status()).toBe(409);
    await expect(page.getByRole('alert')).toHaveText(
      'Este email já está em uso por outro utilizador. Por favor, escolha um email diferente.',
    );
    await expect(page).toHaveURL(/\/register$/);
  });
});
