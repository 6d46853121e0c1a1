import { expect, test } from '@playwright/test';
import { demo, loginAs } from './fixtures';

type Row = { id: string; type: string; title: string; read: boolean };

function fake(n: number, read = false) {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    organizationId: null,
    userId: '00000000-0000-4000-8000-000000000000',
    type: 'system',
    title: `Aviso ${i + 1}`,
    body: null,
    read,
    readAt: read ? '2026-11-22T10:00:00.000Z' : null,
    data: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
  }));
}

test.describe('notifications page', () => {
  test.describe.configure({ timeout: 60_000 });

  test('lists, filters by type and marks one read', async ({ page }) => {
    await loginAs(page, demo.admin);
    const first = page.waitForResponse((r) => r.url().includes('/api/notifications?limit=50'));
    await page.goto('/notifications');
    const body = (await (await first).json()) as { notifications: Row[]; unreadCount: number };
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByTestId('unread-count')).toHaveText(
      `${body.unreadCount} ${body.unreadCount === 1 ? 'não lida' : 'não lidas'}`,
    );
    await expect(page.getByTestId('notification-row')).toHaveCount(body.notifications.length);
    const box = await page.getByTestId('notifications-list').boundingBox();
    expect(box?.height).toBe(600);

    const unread = body.notifications.find((n) => !n.read);
    expect(unread, 'the seed leaves two unread notifications per user').toBeTruthy();
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/notifications/${unread!.id}/read`),
    );
    await page.getByRole('button', { name: `Marcar como lida: ${unread!.title}` }).click();
    await put;
    const row = page.getByTestId('notification-row').filter({ hasText: unread!.title }).first();
    await expect(row).toHaveAttribute('data-read', 'true');
    await expect(row).toContainText('Lida há 0m');
  });

  test('skeletons while loading, then more pages of 50', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const limits: string[] = [];
    await page.route('**/api/notifications?limit=*', async (route) => {
      const limit = new URL(route.request().url()).searchParams.get('limit') ?? '';
      limits.push(limit);
      if (limit === '50') await held;
      const n = Number(limit) >= 50 ? Number(limit) : 0;
      await route.fulfill({ json: { notifications: fake(n), unreadCount: n } });
    });
    await loginAs(page, demo.viewer);
    await page.goto('/notifications');
    await expect(page.getByTestId('notification-skeleton')).toHaveCount(5);
    release();
    await expect(page.getByTestId('notification-row')).toHaveCount(50);
    await page.getByRole('button', { name: 'Carregar mais notificações' }).click();
    await expect(page.getByTestId('notification-row')).toHaveCount(100);
    expect(limits).toContain('100');
  });

  test('empty texts: by type, no unread, none at all', async ({ page }) => {
    let rows = fake(2, true);
    await page.route('**/api/notifications?limit=*', (route) => {
      const unreadOnly = new URL(route.request().url()).searchParams.get('unread') === 'true';
      return route.fulfill({ json: { notifications: unreadOnly ? [] : rows, unreadCount: 0 } });
    });
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
    await page.getByRole('tab', { name: 'Todas' }).click();
    await expect(page.getByText('Sem notificações', { exact: true })).toBeVisible();
  });
});
