import { expect, test, type Page } from '@playwright/test';
import {
  demo,
  fakeNotificationPulls,
  fakeNotificationRows,
  loginAs,
  organizationWithNotifications,
  serverNotifications,
} from './fixtures';

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

  // Both journeys run in an organization of their own, with notifications made for them: the demo users'
  // notifications change under them (the scheduler's 'N novos clientes' from clients other journeys create,
  // other journeys marking them read), so a title or a count of theirs is not this test's to rely on.
  test('lists from the replica and marks one read, synced to the server', async ({ page }) => {
    const { email, joined } = await organizationWithNotifications(2);
    await loginAs(page, email);
    const notifications = await serverNotifications(page);
    expect(notifications.map((n) => [n.title, n.read]).sort()).toEqual(
      joined.map((name) => [`Novo utilizador: ${name}`, false]),
    );
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByTestId('notification-row')).toHaveCount(2);
    await expect(page.getByTestId('unread-count')).toHaveText('2 não lidas');
    const box = await page.getByTestId('notifications-list').boundingBox();
    expect(box?.height).toBe(600);

    const unread = notifications[1]!;
    const push = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/sync/push'));
    await page.getByRole('button', { name: `Marcar como lida: ${unread.title}` }).click();
    const row = page.getByTestId('notification-row').filter({ hasText: unread.title });
    await expect(row).toHaveAttribute('data-read', 'true');
    await expect(row).toContainText('Lida há 0m');
    await expect(page.getByTestId('unread-count')).toHaveText('1 não lida');
    expect((await push).postDataJSON()).toMatchObject({
      mutations: [{ name: 'markNotificationRead', args: { id: unread.id } }],
    });
    const other = notifications[0]!;
    await expect
      .poll(async () => (await serverNotifications(page)).map((n) => [n.id, n.read]).sort())
      .toEqual(
        [
          [other.id, false],
          [unread.id, true],
        ].sort(),
      );
  });

  // Once failed only in the full run (the replica showed no notifications right after going offline). Both
  // suspects are fixed (a reset snapshot emptied the replica before refilling it; a stopped sync engine kept
  // applying pages beside its successor); should it fail again, the sync answers are printed.
  test('marked read offline, sent when the connection returns', async ({ page, context }) => {
    recordSyncAnswers(page);
    const { email, joined } = await organizationWithNotifications(1);
    await loginAs(page, email);
    const [unread] = await serverNotifications(page);
    expect(unread).toMatchObject({ title: `Novo utilizador: ${joined[0]}`, read: false });
    await page.goto('/notifications');
    const row = page.getByTestId('notification-row').filter({ hasText: unread!.title });
    await expect(row).toHaveAttribute('data-read', 'false');
    // Offline before the replica's first sync there is nothing on the device to mark: wait for it (the
    // indicator reads 'A sincronizar…' until then, not 'Tudo sincronizado').
    const indicator = page.getByTestId('sync-indicator');
    await expect(indicator).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });
    await context.setOffline(true);
    await page.getByRole('button', { name: `Marcar como lida: ${unread!.title}` }).click();
    await expect(row).toHaveAttribute('data-read', 'true');
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
