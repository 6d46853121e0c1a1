import { expect, test, type Page } from '@playwright/test';
import { demo, fakeNotificationPulls, fakeNotificationRows, loginAs, serverNotifications } from './fixtures';

/** The sync answers of the current test, printed when it fails. */
let syncLog: string[] = [];
function recordSyncAnswers(page: Page) {
  page.on('response', (r) => {
    if (!r.url().includes('/api/sync/')) return;
    const line = `${new Date().toISOString().slice(11, 23)} ${r.status()} ${r.url().split('?')[0]}`;
    void r
      .json()
      .then((b: { reset?: boolean; hasMore?: boolean; changes?: unknown[]; code?: string }) =>
        syncLog.push(
          `${line} reset=${b.reset} hasMore=${b.hasMore} changes=${b.changes?.length} code=${b.code}`,
        ),
      )
      .catch(() => syncLog.push(line));
  });
}

test.describe('notifications page', () => {
  test.describe.configure({ timeout: 60_000 });
  test.afterEach(({ page: _page }, testInfo) => {
    if (syncLog.length && testInfo.status !== testInfo.expectedStatus) {
      console.warn(`sync answers of '${testInfo.title}':\n${syncLog.join('\n')}`);
    }
    syncLog = [];
  });

  test('lists from the replica and marks one read, synced to the server', async ({ page }) => {
    await loginAs(page, demo.admin);
    const notifications = await serverNotifications(page);
    const unreadCount = notifications.filter((n) => !n.read).length;
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByTestId('notification-row')).toHaveCount(notifications.length);
    await expect(page.getByTestId('unread-count')).toHaveText(
      `${unreadCount} ${unreadCount === 1 ? 'não lida' : 'não lidas'}`,
    );
    const box = await page.getByTestId('notifications-list').boundingBox();
    expect(box?.height).toBe(600);

    const unread = notifications.find((n) => !n.read);
    expect(unread, 'the seed leaves two unread notifications per user').toBeTruthy();
    const push = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/sync/push'));
    await page.getByRole('button', { name: `Marcar como lida: ${unread!.title}` }).click();
    const row = page.getByTestId('notification-row').filter({ hasText: unread!.title }).first();
    await expect(row).toHaveAttribute('data-read', 'true');
    await expect(row).toContainText('Lida há 0m');
    expect((await push).postDataJSON()).toMatchObject({
      mutations: [{ name: 'markNotificationRead', args: { id: unread!.id } }],
    });
    await expect
      .poll(async () => (await serverNotifications(page)).find((n) => n.id === unread!.id)?.read)
      .toBe(true);
  });

  // Once failed only in the full run (the replica showed no notifications right after going offline). Both
  // suspects are fixed (a reset snapshot emptied the replica before refilling it; a stopped sync engine kept
  // applying pages beside its successor); should it fail again, the sync answers are printed.
  test('marked read offline, sent when the connection returns', async ({ page, context }) => {
    recordSyncAnswers(page);
    await loginAs(page, demo.agent);
    const unread = (await serverNotifications(page)).find((n) => !n.read);
    expect(unread, 'the seed leaves two unread notifications per user').toBeTruthy();
    await page.goto('/notifications');
    const row = page.getByTestId('notification-row').filter({ hasText: unread!.title }).first();
    await expect(row).toHaveAttribute('data-read', 'false');

    await context.setOffline(true);
    await page.getByRole('button', { name: `Marcar como lida: ${unread!.title}` }).click();
    await expect(row).toHaveAttribute('data-read', 'true');
    const indicator = page.getByTestId('sync-indicator');
    await expect(indicator).toHaveAttribute('data-tone', 'offline');
    await expect(indicator).toHaveAccessibleName(/1 alteração por enviar/);
    expect((await serverNotifications(page)).find((n) => n.id === unread!.id)?.read).toBe(false);

    // Signing out now would lose the pending write: the app asks first.
    await page.getByRole('button', { name: /Conta de/ }).click();
    await page.getByRole('menuitem', { name: 'Terminar Sessão' }).click();
    const ask = page.getByRole('dialog', { name: 'Alterações por sincronizar' });
    await expect(ask).toContainText('Existe 1 alteração feita neste dispositivo');
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toHaveCount(0);

    await context.setOffline(false);
    await expect(indicator).toHaveAttribute('data-tone', 'ok');
    await expect
      .poll(async () => (await serverNotifications(page)).find((n) => n.id === unread!.id)?.read)
      .toBe(true);
  });

  test('skeletons until the first sync, then more pages of 50', async ({ page }) => {
    let release: () => void = () => {};
    await fakeNotificationPulls(
      page,
      () => fakeNotificationRows(120),
      new Promise<void>((resolve) => (release = resolve)),
    );
    await loginAs(page, demo.viewer);
    await page.goto('/notifications');
    await expect(page.getByTestId('notification-skeleton')).toHaveCount(5);
    release();
    await expect(page.getByTestId('notification-row')).toHaveCount(50);
    await page.getByRole('button', { name: 'Carregar mais notificações' }).click();
    await expect(page.getByTestId('notification-row')).toHaveCount(100);
  });

  test('empty texts: by type, no unread, none at all', async ({ page }) => {
    let rows = fakeNotificationRows(2, true);
    await fakeNotificationPulls(page, () => rows);
    await loginAs(page, demo.viewer);
    await page.goto('/notifications');
    await expect(page.getByTestId('notification-row')).toHaveCount(2);
    await expect(page.getByTestId('notification-row').first()).toContainText('Lida há');
    await expect(page.getByRole('button', { name: 'Marcar todas como lidas' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Aniversário' }).click();
    await expect(page.getByText('Sem notificações de Aniversário')).toBeVisible();
    await expect(page.getByText('As novas notificações aparecerão aqui')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Todos os tipos' }).click();
    await page.getByRole('tab', { name: /Não lidas/ }).click();
    await expect(page.getByText('Sem notificações não lidas')).toBeVisible();
    rows = [];
    await page.reload(); // the next sync brings an empty snapshot
    await page.getByRole('tab', { name: 'Todas' }).click();
    await expect(page.getByText('Sem notificações', { exact: true })).toBeVisible();
  });
});
