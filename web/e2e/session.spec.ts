import { expect, test } from '@playwright/test';
import { demo, loginAs } from './fixtures';

const SUSPENDED_TEXT = 'A sua conta foi suspensa. Por favor, contacte o administrador.';

test.describe('session', () => {
  test('a 403 saying the account is suspended logs out and opens /login?suspended=true', async ({ page }) => {
    await loginAs(page, demo.agent);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 403, json: { message: 'A sua conta está suspensa.', code: 'suspended' } }),
    );
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
    await page.reload();
    await logout;
    await expect(page).toHaveURL(/\/login\?suspended=true$/);
    await expect(page.getByTestId('suspended-alert')).toHaveText(SUSPENDED_TEXT);
  });

  test('a loaded user whose status is suspended is logged out the same way', async ({ page }) => {
    const me = await loginAs(page, demo.viewer);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 200, json: { ...me, status: 'suspended' } }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login\?suspended=true$/);
    await expect(page.getByTestId('suspended-alert')).toHaveText(SUSPENDED_TEXT);
    await page.unrouteAll();
    // The logout really happened on the server.
    const answer = await page.request.get('/api/auth/me');
    expect(answer.status()).toBe(401);
  });

  test('a reload opens with the user this device knows, before the me call answers', async ({ page }) => {
    const me = await loginAs(page, demo.agent);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    // The signed-in home with the replica's data, while /api/auth/me is still unanswered.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${me.firstName}!`);
    await expect(page.getByText('Carregando Casa CRM...')).toBeHidden();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    release();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${me.firstName}!`);
  });

  test('a reload with a session the server ended signs out once the me call answers', async ({ page }) => {
    await loginAs(page, demo.agent);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 401, json: { message: 'Sessão expirada.' } }),
    );
    await page.reload();
    await expect(page.getByRole('link', { name: 'Iniciar Sessão' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Iniciar Sessão' })).toBeVisible();
  });

  test('the current user is polled every 30 seconds', async ({ page }) => {
    await page.clock.install();
    await loginAs(page, demo.agent);
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/me')) calls++;
    });
    // Jump ahead and freeze the clock: the due poll fires once at the jump, then the interval restarts
    // from a known instant, whatever time the (possibly slow) login took.
    await page.clock.pauseAt(Date.now() + 3_600_000);
    await expect.poll(() => calls).toBe(1);
    await page.clock.runFor(29_000);
    expect(calls).toBe(1);
    await page.clock.runFor(1_500);
    await expect.poll(() => calls).toBe(2);
    await page.clock.runFor(30_000);
    await expect.poll(() => calls).toBe(3);
  });

  test('when the server ends the session, the next poll shows the public page', async ({ page }) => {
    await page.clock.install();
    await loginAs(page, demo.agent);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 401, json: { message: 'Sessão expirada.' } }),
    );
    await page.clock.runFor(30_500);
    await expect(page.getByRole('link', { name: 'Iniciar Sessão' })).toBeVisible();
  });
});
