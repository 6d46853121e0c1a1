import { expect, test, type Page } from '@playwright/test';
import { demo, fakeNotificationPulls, loginAs, serverNotifications } from './fixtures';

// Several full page loads per test on a machine shared with other builds.
test.describe.configure({ timeout: 60_000 });

const MEMBER_MENU = ['Dashboard', 'Clientes', 'Follow-ups', 'Cold Calls', 'Pesquisa', 'Relatórios'];

function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
}

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
}

test.describe('menu and routes by role (desktop)', () => {
  test('agent: six business entries, business routes open, SaaS routes do not', async ({ page }) => {
    await loginAs(page, demo.agent);
    await expect(sidebarLinks(page)).toHaveText(MEMBER_MENU);
    await expect(page.getByRole('navigation', { name: 'Navegação rápida' })).toHaveCount(0);
    for (const [path, title] of [
      ['/clients', 'Clientes'],
      ['/followups', 'Follow-ups'],
      ['/followup/123', 'Follow-up'],
      ['/coldcalls', 'Cold Calls'],
      ['/reports', 'Relatórios'],
      ['/notifications', 'Notificações'],
      ['/admin', 'Administração'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await expectNotFound(page, '/saas-admin');
    // The not-found page of a signed-in user keeps the app frame.
    await expect(sidebarLinks(page)).toHaveCount(6);
  });

  test('admin also gets Administração', async ({ page }) => {
    await loginAs(page, demo.admin);
    await expect(sidebarLinks(page)).toHaveText([...MEMBER_MENU, 'Administração']);
  });

  test('viewer gets the member menu without Administração', async ({ page }) => {
    await loginAs(page, demo.viewer);
    await expect(sidebarLinks(page)).toHaveText(MEMBER_MENU);
  });

  test('super admin: SaaS panel and settings only', async ({ page }) => {
    await loginAs(page, demo.superAdmin);
    await expect(sidebarLinks(page)).toHaveText(['Administração SaaS', 'Configurações']);
    for (const path of ['/admin', '/saas-admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Administração SaaS' })).toBeVisible();
    }
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    for (const path of ['/clients', '/dashboard', '/search', '/notifications'])
      await expectNotFound(page, path);
  });

  test('logged out, app routes fall into not-found', async ({ page }) => {
    for (const path of ['/clients', '/settings', '/perfil', '/admin']) await expectNotFound(page, path);
  });

  test('the active item follows the path (prefix rule for non-root items)', async ({ page }) => {
    await loginAs(page, demo.agent);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Follow-ups' }).click();
    await expect(page).toHaveURL(/\/followups$/);
    await expect(menu.getByRole('link', { name: 'Follow-ups' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test.describe('header', () => {
  test('search goes to /search?q= with the trimmed text; blank does nothing', async ({ page }) => {
    await loginAs(page, demo.agent);
    const box = page.getByRole('searchbox', { name: 'Pesquisar clientes' });
    await expect(box).toHaveAttribute('placeholder', 'Pesquisar clientes...');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await box.fill('  Ana Sá ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Ana(%20|\+)S%C3%A1$/);
    await expect(page.getByTestId('search-query')).toHaveText('Pesquisa por: Ana Sá');
  });

  test('the bell shows the unread count, 99+ above 99, and the dropdown', async ({ page }) => {
    const rows = Array.from({ length: 150 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      organizationId: null,
      userId: '00000000-0000-4000-8000-000000000000',
      type: 'system',
      title: `Aviso ${i + 1}`,
      body: null,
      read: false,
      readAt: null,
      data: null,
      createdAt: new Date(Date.parse('2026-11-22T09:00:00.000Z') - i * 60_000).toISOString(),
      updatedAt: '2026-11-22T09:00:00.000Z',
    }));
    await fakeNotificationPulls(page, () => rows);
    await loginAs(page, demo.agent);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toContainText('99+');
    await expect(bell).toHaveAccessibleName('Notificações, 150 não lidas');
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notificações' });
    await expect(dropdown.getByText('Aviso 1', { exact: true })).toBeVisible();
    await expect(dropdown.getByText('Aviso 11', { exact: true })).toHaveCount(0);
    await expect(dropdown.getByRole('button', { name: 'Marcar todas como lidas' })).toBeVisible();
    // Measured once the popover's grow transition has ended (it scales the list while it runs).
    await expect.poll(async () => (await page.getByTestId('bell-list').boundingBox())?.height).toBe(400);
  });

  // fixme: in one CI run of three (and when repeated in parallel) the click on the bell item produced no
  // sync push within the timeout; the cause is not yet found (issue 5). Marking read from the replica and
  // its push to the server are covered by notifications.spec.ts (online and offline).
  test.fixme('the bell lists the real notifications and marks one read on click', async ({ page }) => {
    // The other organization's admin: no other test touches its notifications (the seed leaves two unread).
    const firstPull = page.waitForResponse((r) => r.url().includes('/api/sync/pull') && r.ok());
    await loginAs(page, demo.otherOrgAdmin);
    await firstPull;
    const unread = (await serverNotifications(page, 10)).find((n) => !n.read);
    expect(unread, 'the seed leaves two unread notifications per user').toBeTruthy();
    await page.getByTestId('notification-bell').click();
    const push = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/sync/push'));
    // .first(): the scheduler may add a notification with the same title while the test runs.
    await page.getByRole('dialog', { name: 'Notificações' }).getByText(unread!.title).first().click();
    expect((await push).postDataJSON()).toMatchObject({
      mutations: [{ name: 'markNotificationRead', args: { id: unread!.id } }],
    });
  });

  test('the sync indicator shows online, then offline', async ({ page, context }) => {
    const firstPull = page.waitForResponse((r) => r.url().includes('/api/sync/pull') && r.ok());
    await loginAs(page, demo.agent);
    await firstPull;
    const indicator = page.getByTestId('sync-indicator');
    await expect(indicator).toHaveAttribute('data-tone', 'ok');
    await expect(indicator).toContainText('Online');
    await context.setOffline(true);
    await expect(indicator).toHaveAttribute('data-tone', 'offline');
    await expect(indicator).toContainText('Sem ligação');
    await indicator.click();
    await expect(page.getByRole('dialog', { name: 'Sincronização' })).toContainText('Última sincronização: ');
    await context.setOffline(false);
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('drawer with overlay, bottom bar, nothing overflows', async ({ page }) => {
    await loginAs(page, demo.agent);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
    await expect(bar.getByRole('link')).toHaveText([
      'Dashboard',
      'Clientes',
      'Follow-ups',
      'Calls',
      'Pesquisa',
    ]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(MEMBER_MENU);
    // Clicking the dark overlay closes it.
    await page.mouse.click(370, 400);
    await expect(menu).toBeHidden();

    // Clicking an item navigates and closes it.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.getByRole('link', { name: 'Relatórios' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(menu).toBeHidden();

    await bar.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(bar.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
  });

  test('super admin bottom bar: Admin and Config', async ({ page }) => {
    await loginAs(page, demo.superAdmin);
    const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
    await expect(bar.getByRole('link')).toHaveText(['Admin', 'Config']);
  });
});
