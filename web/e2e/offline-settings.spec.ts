import { expect, test, type Page } from '@playwright/test';
import { api, loginAsNewUser, shot } from './fixtures';

// An agent in the field changes the theme and a notification preference with no signal: both apply at
// once, survive a reload made offline (the service worker serves the app, the replica keeps the
// settings), and reach the server exactly once when the connection comes back.

type PushAnswer = { results: Array<{ mutationId: number; status: string; replayed?: boolean }> };
type PushBody = { mutations: Array<{ mutationId: number; name: string }> };

const SETTINGS_WRITES = ['updateSettings', 'updateNotificationPreferences'];

async function syncedIndicator(page: Page) {
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });
}

/** Every settings write the server answered, with its outcome, as the device's pushes carried them. */
function recordSettingsPushes(page: Page) {
  const outcomes: Array<{ name: string; status: string; replayed: boolean }> = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/sync/push') || !response.ok()) return;
    const sent = response.request().postDataJSON() as PushBody;
    const answer = (await response.json()) as PushAnswer;
    for (const result of answer.results) {
      const name = sent.mutations.find((m) => m.mutationId === result.mutationId)?.name ?? '';
      if (SETTINGS_WRITES.includes(name))
        outcomes.push({ name, status: result.status, replayed: result.replayed ?? false });
    }
  });
  return outcomes;
}

test.use({ serviceWorkers: 'allow' });

test('offline: the theme and a notification preference survive a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginAsNewUser(page, 'offline-settings');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/settings');
  await syncedIndicator(page);
  const pushes = recordSettingsPushes(page);

  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await page.getByRole('radio', { name: 'Escuro' }).check();
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await reload;
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('tab', { name: 'Notificações' }).click();
  const birthdays = page.getByRole('switch', { name: 'Aniversários' });
  await expect(birthdays).toBeChecked();
  await birthdays.click();
  await expect(birthdays).not.toBeChecked();
  // What must stay online says so, instead of failing.
  await page.getByRole('tab', { name: 'Segurança' }).click();
  await expect(page.getByText('Alterar a palavra-passe requer ligação à Internet.')).toBeVisible();

  // Still offline, the page is reloaded: the replica still holds both changes, waiting to be sent.
  await page.reload();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'offline');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('tab', { name: 'Notificações' }).click();
  await expect(page.getByRole('switch', { name: 'Aniversários' })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await expect(page.getByRole('radio', { name: 'Escuro' })).toBeChecked();
  expect(pushes).toEqual([]);

  await context.setOffline(false);
  await syncedIndicator(page);
  await expect.poll(() => pushes.length).toBe(2);
  expect(pushes).toEqual([
    { name: 'updateSettings', status: 'applied', replayed: false },
    { name: 'updateNotificationPreferences', status: 'applied', replayed: false },
  ]);
  const settings = await api<{ appearance: { theme: string } }>(page, 'get', '/api/user/settings');
  expect(settings.appearance.theme).toBe('dark');
  const prefs = await api<Record<string, unknown>>(page, 'get', '/api/notifications/preferences');
  expect(prefs).toMatchObject({ birthdays: false, follow_ups: true, notification_time: '09:00' });

  // Nothing more goes up: a later sync finds an empty outbox.
  await page.reload();
  await syncedIndicator(page);
  expect(pushes).toHaveLength(2);
  await shot(page, 'offline-settings-synced');
});
