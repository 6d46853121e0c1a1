import { expect, test, type Page } from '@playwright/test';
import { api, gotoSynced, loginAsNewUser, PHONE, shot } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };

async function firstCardHeight(page: Page): Promise<number> {
  const card = page.getByTestId('client-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  return (await card.boundingBox())!.height;
}

/** The padding the dashboard's first stat card leaves around its content. */
async function statCardPadding(page: Page): Promise<number> {
  const content = page.getByTestId('stat-card').first().locator('.MuiCardContent-root');
  await expect(content).toBeVisible({ timeout: 30_000 });
  return content.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
}

test("'Modo compacto' saved in Aparência makes lists, cards and controls denser across the app", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await loginAsNewUser(page, 'compact');
  for (const name of ['Ana Compacta', 'Bruno Compacto', 'Carla Compacta'])
    await api(page, 'post', '/api/clients', {
      name,
      type: 'Comprador',
      phone: '912345678',
      customFields: { budget: 250000 },
    });

  await gotoSynced(page, '/clients');
  const roomy = await firstCardHeight(page);
  await gotoSynced(page, '/dashboard');
  const roomyPadding = await statCardPadding(page);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await page.getByLabel('Modo compacto').check();
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await reload;
  // Queued on the device's replica, then sent by the sync (after the reload).
  await expect
    .poll(async () => {
      const saved = await api<{ appearance: { compactMode: boolean } }>(page, 'get', '/api/user/settings');
      return saved.appearance.compactMode;
    })
    .toBe(true);

  await gotoSynced(page, '/clients');
  const compact = await firstCardHeight(page);
  expect(compact).toBeLessThan(roomy * 0.95);
  await shot(page, 'compact-clients-phone-light');
  await gotoSynced(page, '/dashboard');
  expect(await statCardPadding(page)).toBeLessThan(roomyPadding);
  await shot(page, 'compact-dashboard-phone-light');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'compact-dashboard-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await gotoSynced(page, '/clients');
  await shot(page, 'compact-clients-desktop-dark');
  await page.setViewportSize(PHONE);
  await shot(page, 'compact-clients-phone-dark');

  // Switched off again, the roomy layout comes back.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await page.getByLabel('Modo compacto').uncheck();
  const back = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Guardar Configurações' }).click();
  await back;
  await gotoSynced(page, '/clients');
  expect(await firstCardHeight(page)).toBeCloseTo(roomy, 0);
});
