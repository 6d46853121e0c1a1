import { expect, type Page } from '@playwright/test';

/** Seeded demo accounts (sync-server db:seed); all share one password. */
export const DEMO_PASSWORD = 'Demo1234!';
export const demo = {
  admin: 'admin@demo.pt',
  agent: 'agente@demo.pt',
  viewer: 'viewer@demo.pt',
  superAdmin: 'super@demo.pt',
  otherOrgAdmin: 'admin@outra.pt',
} as const;

export type MeAnswer = { firstName: string | null; lastName: string | null; email: string; role: string };

/** Logs in through the form and waits for the signed-in home; returns what /api/auth/me said. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<MeAnswer> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Palavra-passe/).fill(password);
  const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me') && r.status() === 200);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const answer = (await (await me).json()) as MeAnswer;
  await expect(page).toHaveURL(/\/$/);
  const home = answer.role === 'super_admin' ? 'Administração SaaS' : /^Olá, /;
  await expect(page.getByRole('heading', { level: 1, name: home })).toBeVisible();
  return answer;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@teste.pt`;
}

/** Creates an account straight through the API (the page must have loaded once, for the CSRF cookie). */
export async function registerViaApi(page: Page, email: string, password: string, fullName = 'Conta Teste') {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const answer = await page.request.post('/api/auth/register', {
    data: { email, password, fullName, organizationName: null },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(answer.ok()).toBe(true);
}

/** A fresh account (organization admin) logged in, for tests that change the user's own settings. */
export async function loginAsNewUser(page: Page, prefix = 'e2e'): Promise<{ email: string; me: MeAnswer }> {
  const email = uniqueEmail(prefix);
  await page.goto('/login');
  await registerViaApi(page, email, 'Segura123!', 'Teste Novo');
  return { email, me: await loginAs(page, email, 'Segura123!') };
}

export type NotificationAnswer = { id: string; type: string; title: string; read: boolean };

/** The signed-in user's notifications as the server has them (the page's cookies). */
export async function serverNotifications(page: Page, limit = 50): Promise<NotificationAnswer[]> {
  const answer = await page.request.get(`/api/notifications?limit=${limit}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { notifications: NotificationAnswer[] }).notifications;
}

/**
 * Serves every sync pull from `rows()` as a full snapshot of the user's notifications (the replica is
 * cleared and refilled), optionally held until `release` resolves.
 */
export async function fakeNotificationPulls(page: Page, rows: () => object[], release?: Promise<void>) {
  await page.route('**/api/sync/pull*', async (route) => {
    if (release) await release;
    const changes = rows().map((row) => ({
      op: 'put',
      table: 'notifications',
      id: (row as { id: string }).id,
      row,
    }));
    await route.fulfill({ json: { cursor: 'e2e', hasMore: false, reset: true, changes } });
  });
}
