import { expect, test, type Page } from '@playwright/test';
import {
  demo,
  fakeNotificationPulls,
  fakeNotificationRows,
  loginAs,
  openHome,
  serverNotifications,
  signInAs,
} from './fixtures';

// Several full page loads per test on a machine shared with other builds.
test.describe.configure({ timeout: 60_000 });

const MEMBER_MENU = [
  'Dashboard',
  'Clientes',
  'Imóveis',
  'Follow-ups',
  'Cold Calls',
  'Pesquisa',
  'Relatórios',
];

function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
}

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
}

test.describe('menu and routes by role (desktop)', () => {
  test('agent: seven business entries, business routes open, SaaS routes do not', async ({ page }) => {
    await openHome(page, 'agent');
    await expect(sidebarLinks(page)).toHaveText(MEMBER_MENU);
    await expect(page.getByRole('navigation', { name: 'Navegação rápida' })).toHaveCount(0);
    for (const [path, title] of [
      ['/clients', 'Clientes'],
      ['/imoveis', 'Imóveis'],
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
    await expect(sidebarLinks(page)).toHaveCount(7);
  });

  test('admin also gets Administração', async ({ page }) => {
    await openHome(page, 'admin');
    await expect(sidebarLinks(page)).toHaveText([...MEMBER_MENU, 'Administração']);
  });

  test('viewer gets the member menu without Administração', async ({ page }) => {
    await openHome(page, 'viewer');
    await expect(sidebarLinks(page)).toHaveText(MEMBER_MENU);
  });

  test('super admin: SaaS panel and settings only', async ({ page }) => {
    await openHome(page, 'superAdmin');
    await expect(sidebarLinks(page)).toHaveText(['Administração SaaS', 'Configurações']);
    for (const path of ['/admin', '/saas-admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Administração SaaS' })).toBeVisible();
      const entry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first();
      await expect(entry).toHaveAttribute('aria-current', 'page');
    }
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    for (const path of ['/clients', '/dashboard', '/search', '/notifications'])
      await expectNotFound(page, path);
  });

  test('logged out, app routes fall into not-found', async ({ page }) => {
    for (const path of ['/clients', '/settings', '/perfil', '/admin']) await expectNotFound(page, path);
  });

  test('the active item follows the path (prefix rule for non-root items)', async ({ page }) => {
    await openHome(page, 'agent');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Follow-ups' }).click();
    await expect(page).toHaveURL(/\/followups$/);
    await expect(menu.getByRole('link', { name: 'Follow-ups' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test('the sidebar column runs the full height of a long page, its menu stays in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signInAs(page, 'agent');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notificações' }).click();
  await expect(page.getByRole('switch', { name: 'Aniversários' })).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight, 'the settings page is longer than the window').toBeGreaterThan(700);
  const column = await page.getByRole('complementary').boundingBox();
  // scrollHeight is rounded to whole pixels.
  expect(Math.abs((column?.height ?? 0) - pageHeight)).toBeLessThanOrEqual(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeInViewport();
});

test.describe('header', () => {
  test('search goes to /search?q= with the trimmed text; blank does nothing', async ({ page }) => {
    await openHome(page, 'agent');
    const box = page.getByRole('searchbox', { name: 'Pesquisar clientes' });
    await expect(box).toHaveAttribute('placeholder', 'Pesquisar clientes...');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await box.fill('  João ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Jo%C3%A3o$/);
    // The advanced search takes the query over and shows the seeded clients called João.
    await expect(page.getByRole('searchbox', { name: 'Termos de pesquisa' })).toHaveValue('João');
    await expect(page.getByTestId('search-count')).toHaveText(/^[1-9]\d* cliente\(s\) encontrado\(s\)$/);
    await expect(
      page
        .getByRole('region', { name: 'Resultados da pesquisa' })
        .getByRole('heading', { name: /^João / })
        .first(),
    ).toBeVisible();
  });

  test('the bell shows the unread count, 99+ above 99, and the dropdown', async ({ page }) => {
    const rows = fakeNotificationRows(150);
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

  test('the bell lists the real notifications and marks one read on click', async ({ page }) => {
    // Notification titles repeat ('Novo cliente', 'Sistema'...), so the item is found by its id: a title
    // match can hit an older read twin, whose click marks nothing (the cause of the old flake). And since
    // each run (and each parallel repeat) reads one, the newest real notification of the first sync pull
    // is made to arrive unread: the test does not depend on what earlier runs left unread.
    let target: string | null = null;
    await page.route('**/api/sync/pull*', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as {
        changes: {
          op: string;
          table: string;
          id: string;
          row?: { read: boolean; readAt: string | null; createdAt: string };
        }[];
      };
      const rows = answer.changes.filter((c) => c.table === 'notifications' && c.op === 'put' && c.row);
      rows.sort((a, b) => b.row!.createdAt.localeCompare(a.row!.createdAt));
      target ??= rows[0]?.id ?? null;
      const chosen = rows.find((c) => c.id === target);
      if (chosen) Object.assign(chosen.row!, { read: false, readAt: null });
      await route.fulfill({ response, json: answer });
    });
    // The other organization's admin: no other test touches its notifications.
    await loginAs(page, demo.otherOrgAdmin);
    await page.getByTestId('notification-bell').click();
    const dialog = page.getByRole('dialog', { name: 'Notificações' });
    await expect(dialog.locator('[data-notification-id]').first()).toBeVisible();
    expect(target, 'the first sync pull brings the seeded notifications').toBeTruthy();
    const item = dialog.locator(`[data-notification-id="${target!}"]`);
    await expect(item).toHaveAttribute('data-read', 'false');
    await page.unrouteAll({ behavior: 'wait' });
    const shown = await dialog
      .locator('[data-notification-id]')
      .evaluateAll((items) => items.map((el) => el.getAttribute('data-notification-id')));
    const onServer = new Set((await serverNotifications(page, 50)).map((n) => n.id));
    expect(shown.filter((id) => !onServer.has(id!))).toEqual([]);

    const push = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/sync/push'));
    await item.click();
    await expect(item).toHaveAttribute('data-read', 'true');
    expect((await push).postDataJSON()).toMatchObject({
      mutations: [{ name: 'markNotificationRead', args: { id: target } }],
    });
    await expect
      .poll(async () => (await serverNotifications(page, 50)).find((n) => n.id === target)?.read)
      .toBe(true);
  });

  test('the sync indicator shows online, then offline', async ({ page, context }) => {
    const firstPull = page.waitForResponse((r) => r.url().includes('/api/sync/pull') && r.ok());
    await openHome(page, 'agent');
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

  test("the theme button's tooltip names the theme after the hover delay", async ({ page }) => {
    await openHome(page, 'agent');
    const toggle = page.getByRole('button', { name: /^Tema: / });
    const name = await toggle.getAttribute('aria-label');
    // Its tooltip is mounted after the first paint (ui/later-tooltip.tsx): hovering at once still shows it.
    await toggle.hover();
    await expect(page.getByRole('tooltip', { name: name! })).toBeVisible();
    await page.mouse.move(0, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('drawer with overlay, bottom bar, nothing overflows', async ({ page }) => {
    await openHome(page, 'agent');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
    await expect(bar.getByRole('link')).toHaveText([
      'Dashboard',
      'Clientes',
      'Imóveis',
      'Follow-ups',
      'Calls',
      'Pesquisa',
    ]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The header search keeps its whole (short) placeholder beside the icons.
    const search = page.getByRole('searchbox', { name: 'Pesquisar clientes' });
    await expect(search).toHaveAttribute('placeholder', 'Pesquisar...');
    const room = await search.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const pen = document.createElement('canvas').getContext('2d')!;
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return el.clientWidth - padding - pen.measureText(el.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);

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
    await openHome(page, 'superAdmin');
    const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
    await expect(bar.getByRole('link')).toHaveText(['Admin', 'Config']);
  });
});
